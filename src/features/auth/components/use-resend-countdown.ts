import { useEffect, useState } from 'react';
import { clock } from '@/lib/clock';
import { CODE_RESEND_SECONDS, resendSecondsLeft } from '../model/phone';

/**
 * The 60 s wait between two codes (spec 1 §4, §5), ticking once a second while it runs.
 * `started(retryAfterS)` starts it; with the server's 42901 `retry_after_s` it resumes from
 * there instead of a fresh minute.
 */
export function useResendCountdown() {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => clock.now());
  const secondsLeft = resendSecondsLeft(sentAt, now);

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = clock.setInterval(() => setNow(clock.now()), 1000);
    return () => clock.clearInterval(timer);
  }, [secondsLeft]);

  function started(retryAfterS: number = CODE_RESEND_SECONDS) {
    const at = clock.now();
    const waited = CODE_RESEND_SECONDS - Math.min(retryAfterS, CODE_RESEND_SECONDS);
    setSentAt(at - waited * 1000);
    setNow(at);
  }

  return { secondsLeft, started };
}
