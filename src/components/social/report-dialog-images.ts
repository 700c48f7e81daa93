import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { checkImageFile } from '@/components/media/upload/check-file';
import { UploadFailedError, runUpload } from '@/components/media/upload/run-upload';
import { uploadTransport } from '@/components/media/upload/transport';
import { uploadFailureText } from '@/components/media/upload/upload-errors';
import { ACCESS_ENDPOINT } from '@/components/media/upload/upload-target';
import { REPORT_IMAGES_MAX } from '@/rules/report';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** One image of the report: shown from the chosen file while it uploads, then its stored id. */
export type ReportImage = {
  key: number;
  name: string;
  /** The chosen file as an object URL (the thumbnail and the viewer show it). */
  preview: string;
} & (
  | { phase: 'requesting' | 'checking' }
  | { phase: 'posting'; percent: number }
  | { phase: 'done'; imageId: string }
  | { phase: 'failed'; message: string }
);

export type ImagesNotice = 'limit' | 'notImage' | 'noFileReader' | null;

export interface ReportImages {
  images: ReportImage[];
  /** Why some chosen files were not added (over 3, not images); cleared on the next choice. */
  notice: ImagesNotice;
  /** Adds up to the free slots and starts their uploads. */
  add(files: readonly File[]): void;
  remove(key: number): void;
  /** The stored ids of the passed images, in order. */
  fileIds: string[];
  uploading: boolean;
}

let nextKey = 1;

const createObjectUrl = (file: Blob) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
const revokeObjectUrl = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * The report's images (spec 1 §5: at most 3) through the upload pipeline (access, form post,
 * polling; the report flow's access call). Each image shows its own progress and, when it
 * fails, its own message; a removed image's upload is left to finish and ignored.
 */
export function useReportImages(
  t: (key: string) => string,
  max: number = REPORT_IMAGES_MAX,
): ReportImages {
  const dispatch = useDispatch<Dispatch>();
  const [images, setImages] = useState<ReportImage[]>([]);
  const [notice, setNotice] = useState<ImagesNotice>(null);
  const imagesRef = useRef(images);
  imagesRef.current = images;
  const tRef = useRef(t);
  tRef.current = t;

  const update = useCallback(
    (key: number, next: Partial<ReportImage> & Pick<ReportImage, 'phase'>) => {
      setImages((list) =>
        list.map((image) => (image.key === key ? ({ ...image, ...next } as ReportImage) : image)),
      );
    },
    [],
  );

  const start = useCallback(
    (key: number, file: File) => {
      const transport = uploadTransport(
        dispatch,
        'report',
        { kind: 'report' },
        file.type === 'image/png',
      );
      runUpload(file, transport, {
        onChange: (s) => {
          if (s.phase === 'posting') update(key, { phase: 'posting', percent: s.percent });
          else if (s.phase === 'polling') update(key, { phase: 'checking' });
        },
      }).then(
        ({ imageId }) => {
          if (imageId) update(key, { phase: 'done', imageId });
          else update(key, { phase: 'failed', message: tRef.current('media:errors.uploadFailed') });
        },
        (error: unknown) => {
          // 60 polls without a result: the image is not usable for this report.
          const message =
            error instanceof UploadFailedError
              ? uploadFailureText(error.failure, ACCESS_ENDPOINT.report, tRef.current)
              : tRef.current('social:report.images.notChecked');
          update(key, { phase: 'failed', message });
        },
      );
    },
    [dispatch, update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const free = max - imagesRef.current.length;
      let problem: ImagesNotice = null;
      const accepted: File[] = [];
      for (const file of files) {
        const rejected = checkImageFile(file);
        if (rejected) problem = rejected.kind;
        else if (accepted.length < free) accepted.push(file);
        else problem = 'limit';
      }
      setNotice(problem);
      if (accepted.length === 0) return;
      const added: ReportImage[] = accepted.map((file) => ({
        key: nextKey++,
        name: file.name,
        preview: createObjectUrl(file),
        phase: 'requesting',
      }));
      setImages((list) => [...list, ...added]);
      added.forEach((image, i) => start(image.key, accepted[i]!));
    },
    [max, start],
  );

  const remove = useCallback((key: number) => {
    setNotice(null);
    const gone = imagesRef.current.find((image) => image.key === key);
    if (gone) revokeObjectUrl(gone.preview);
    setImages((list) => list.filter((image) => image.key !== key));
  }, []);

  // The object URLs go with the dialog.
  useEffect(() => () => imagesRef.current.forEach((image) => revokeObjectUrl(image.preview)), []);

  const fileIds = images.flatMap((image) => (image.phase === 'done' ? [image.imageId] : []));
  const uploading = images.some((image) => image.phase !== 'done' && image.phase !== 'failed');
  return { images, notice, add, remove, fileIds, uploading };
}
