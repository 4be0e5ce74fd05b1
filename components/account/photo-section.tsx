'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { User } from '@/lib/contracts/user';
import { useMe } from '@/lib/api-client/me';
import { useRemoveProfilePhoto, useSetProfilePhoto } from '@/lib/api-client/photo';
import { uploadImage } from '@/lib/api-client/image-upload';
import { ownImageUrl } from '@/lib/api-client/photo-url';
import { isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { precheck, uploadErrorKey } from './insurance-card-upload';
import { PhotoCropper, cropToBlob, type CropArea } from './photo-cropper';

type PhotoError = 'fileTooLarge' | 'invalidFormat' | 'corrupt' | 'failed';

function photoError(key: string): PhotoError {
  return key === 'fileTooLarge' || key === 'invalidFormat' || key === 'corrupt' ? key : 'failed';
}

/**
 * My Profile's photo: choose a picture, crop it to a square here, upload it with a
 * progress bar (POST /api/images, purpose profile; the server crops and re-encodes again) and
 * make it the profile photo; or remove it. The shared `me` query takes the answer, so the
 * header's avatar changes at once.
 */
export function PhotoSection({ initialUser }: { initialUser: User }) {
  const t = useTranslations('photo');
  const locale = useLocale();
  const toast = useToast();
  const { data } = useMe();
  const user = data ?? initialUser;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ image: HTMLImageElement; type: string; name: string } | null>(null);
  const [error, setError] = useState<PhotoError | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const area = useRef<CropArea | null>(null);
  const setPhoto = useSetProfilePhoto();
  const removePhoto = useRemoveProfilePhoto();
  const onArea = useCallback((next: CropArea) => (area.current = next), []);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.image.src) : undefined), [picked]);

  function choose(file: File) {
    setError(null);
    const invalid = precheck(file);
    if (invalid) return setError(photoError(invalid));
    const image = new Image();
    image.onload = () => setPicked({ image, type: file.type, name: file.name });
    // Not a picture the browser can read: the spec's corrupt image message, nothing uploaded.
    image.onerror = () => {
      URL.revokeObjectURL(image.src);
      setError('corrupt');
    };
    image.src = URL.createObjectURL(file);
  }

  async function save() {
    if (!picked || !area.current) return;
    setError(null);
    setProgress(0);
    try {
      const blob = await cropToBlob(area.current, picked.type);
      const image = await uploadImage('profile', blob, picked.type === 'image/png' ? 'photo.png' : 'photo.jpg', {
        onProgress: setProgress,
      });
      await setPhoto.mutateAsync(image.id);
      setPicked(null);
      toast.success(t('saved'));
    } catch (caught) {
      if (isSessionLost(caught)) return window.location.assign(sessionExpiredUrl(locale));
      setError(photoError(uploadErrorKey(caught)));
    } finally {
      setProgress(null);
    }
  }

  async function remove() {
    try {
      await removePhoto.mutateAsync();
      setConfirmRemove(false);
      toast.success(t('removed'));
    } catch (caught) {
      if (isSessionLost(caught)) return window.location.assign(sessionExpiredUrl(locale));
      setConfirmRemove(false);
      toast.error(t('removeFailed'));
    }
  }

  const src = ownImageUrl(user.profileImage);
  const saving = progress !== null || setPhoto.isPending;
  return (
    <section aria-labelledby={`${inputId}-heading`} className="mb-6 border-b border-slate-200 pb-6">
      <h3 id={`${inputId}-heading`} className="text-lg font-semibold text-slate-900">
        {t('heading')}
      </h3>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <Avatar name={user} src={src} size={90} alt={src ? t('yourPhoto') : ''} />
        <div className="space-y-2">
          {src ? null : <p className="text-slate-700">{t('none')}</p>}
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/png,image/jpeg"
              className="peer sr-only"
              aria-describedby={`${inputId}-hint`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) choose(file);
              }}
            />
            <label
              htmlFor={inputId}
              className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
            >
              {src ? t('change') : t('add')}
            </label>
            {src ? (
              <Button variant="secondary" onClick={() => setConfirmRemove(true)}>
                {t('remove')}
              </Button>
            ) : null}
          </div>
          <p id={`${inputId}-hint`} className="text-sm text-slate-600">
            {t('fileHint')}
          </p>
        </div>
      </div>
      {error && !picked ? <FormAlert>{t(error)}</FormAlert> : null}

      <Modal
        open={picked !== null}
        onClose={() => (saving ? undefined : setPicked(null))}
        title={t('cropTitle')}
        closeLabel={t('cancel')}
        size="md"
      >
        {picked ? <PhotoCropper image={picked.image} onChange={onArea} /> : null}
        {progress !== null ? (
          <div
            role="progressbar"
            aria-label={t('uploadProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="mt-4 h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        ) : null}
        {error ? <FormAlert>{t(error)}</FormAlert> : null}
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={saving} onClick={() => setPicked(null)}>
            {t('cancel')}
          </Button>
          <Button disabled={saving} onClick={() => void save()}>
            {saving ? t('saving') : t('save')}
          </Button>
        </div>
      </Modal>

      <Modal
        open={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title={t('removeTitle')}
        closeLabel={t('cancel')}
      >
        <p className="text-slate-700">{t('removeBody')}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirmRemove(false)}>
            {t('cancel')}
          </Button>
          <Button disabled={removePhoto.isPending} onClick={() => void remove()}>
            {t('removeConfirm')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
