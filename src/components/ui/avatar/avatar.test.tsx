import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { placeholderAvatarUrl } from '@/lib/image-url';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows the default image for an address that is not an image’s', () => {
    for (const src of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      const { container, unmount } = render(<Avatar src={src} />);
      const img = container.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(placeholderAvatarUrl());
      expect(img.hasAttribute('data-placeholder')).toBe(true);
      unmount();
    }
  });

  it('shows the user’s own image', () => {
    const { container } = render(<Avatar src="/mock-oss/avatars/u_a1.svg" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/mock-oss/avatars/u_a1.svg');
    expect(img.hasAttribute('data-placeholder')).toBe(false);
  });
});
