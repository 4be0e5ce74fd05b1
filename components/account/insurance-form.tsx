'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { InsuredPerson } from '@/lib/contracts/insurance';
import { MAX_MEMBER_ID_LENGTH } from '@/lib/contracts/insurance';
import { charCount } from '@/lib/contracts/validation';
import { insuranceCarriersQueryOptions } from '@/lib/api-client/booking';
import { useSaveInsurance } from '@/lib/api-client/insurance';
import { uploadImage } from '@/lib/api-client/image-upload';
import { ClientApiError } from '@/lib/api-client/http';
import { isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { InsuranceCombobox } from './insurance-combobox';
import { InsuranceCardUpload, precheck, uploadErrorKey, type CardSide, type CardUpload } from './insurance-card-upload';

function initialSide(imageId: string | null | undefined): CardUpload {
  return imageId ? { status: 'saved', imageId } : { status: 'empty' };
}

function imageIdOf(state: CardUpload): string | undefined {
  return state.status === 'done' || state.status === 'saved' ? state.imageId : undefined;
}

/**
 * One person's insurance: carrier and plan from the catalogue (searchable), member id, and both
 * sides of the card. Each side uploads as soon as it is chosen, except that the back waits for
 * the front to complete (SPEC.md section 4); saving needs both (section 5).
 */
export function InsuranceForm({ person, onDone }: { person: InsuredPerson; onDone: () => void }) {
  const t = useTranslations('insurance');
  const tv = useTranslations('validation');
  const tf = useTranslations('fields');
  const locale = useLocale();
  const toast = useToast();
  const carriers = useQuery(insuranceCarriersQueryOptions(locale));
  const save = useSaveInsurance();
  const name = `${person.firstName} ${person.lastName}`;
  const [carrierId, setCarrierId] = useState<number | undefined>(person.insurance?.carrierId);
  const [planId, setPlanId] = useState<number | undefined>(person.insurance?.planId);
  const [memberId, setMemberId] = useState(person.insurance?.memberId ?? '');
  const [front, setFront] = useState<CardUpload>(initialSide(person.insurance?.frontImageId));
  const [back, setBack] = useState<CardUpload>(initialSide(person.insurance?.backImageId));
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string>();
  const aborts = useRef<Record<CardSide, AbortController | null>>({ front: null, back: null });

  useEffect(() => {
    const current = aborts.current;
    return () => {
      current.front?.abort();
      current.back?.abort();
    };
  }, []);

  function start(side: CardSide, file: File) {
    const set = side === 'front' ? setFront : setBack;
    aborts.current[side]?.abort();
    const controller = new AbortController();
    aborts.current[side] = controller;
    set({ status: 'uploading', file, progress: 0 });
    uploadImage('insurance', file, file.name, {
      signal: controller.signal,
      onProgress: (fraction) =>
        set((s) => (s.status === 'uploading' && s.file === file ? { ...s, progress: fraction } : s)),
    }).then(
      (image) =>
        set((s) => (s.status === 'uploading' && s.file === file ? { status: 'done', file, imageId: image.id } : s)),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        if (isSessionLost(error)) window.location.assign(sessionExpiredUrl(locale));
        set((s) =>
          s.status === 'uploading' && s.file === file ? { status: 'failed', file, error: uploadErrorKey(error) } : s,
        );
      },
    );
  }

  // The back's upload starts only once the front's has completed (SPEC.md section 4); a failed
  // front leaves a waiting back failed too, to retry.
  useEffect(() => {
    if (back.status !== 'queued') return;
    if (front.status === 'done' || front.status === 'saved') start('back', back.file);
    else if (front.status === 'failed' || front.status === 'empty' || front.status === 'invalid') {
      setBack({ status: 'failed', file: back.file, error: 'queuedFailed' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start is stable in effect for this component's life
  }, [front, back]);

  function choose(side: CardSide, file: File) {
    const invalid = precheck(file);
    const set = side === 'front' ? setFront : setBack;
    if (invalid) return set({ status: 'invalid', error: invalid });
    if (side === 'back' && !(front.status === 'done' || front.status === 'saved'))
      return setBack({ status: 'queued', file });
    start(side, file);
  }

  function retry(side: CardSide) {
    const state = side === 'front' ? front : back;
    if (state.status === 'failed') choose(side, state.file);
  }

  const carrier = carriers.data?.find((c) => c.id === carrierId);
  const errors = submitted
    ? {
        carrier: carrierId ? undefined : tv('required'),
        plan: planId ? undefined : tv('required'),
        memberId: !memberId.trim()
          ? tv('required')
          : charCount(memberId.trim()) > MAX_MEMBER_ID_LENGTH
            ? tv('tooLongMax', { max: MAX_MEMBER_ID_LENGTH })
            : undefined,
        front: !imageIdOf(front),
        back: !imageIdOf(back),
      }
    : { carrier: undefined, plan: undefined, memberId: undefined, front: false, back: false };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    const frontImageId = imageIdOf(front);
    const backImageId = imageIdOf(back);
    if (
      !carrierId ||
      !planId ||
      !memberId.trim() ||
      charCount(memberId.trim()) > MAX_MEMBER_ID_LENGTH ||
      !frontImageId ||
      !backImageId
    )
      return;
    try {
      await save.mutateAsync({
        appUserId: person.appUserId,
        isFamilyMember: person.isFamilyMember,
        insuranceDetails: { carrierId, planId, memberId: memberId.trim(), frontImageId, backImageId },
      });
      toast.success(t('saved'));
      onDone();
    } catch (error) {
      if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
      const text =
        error instanceof ClientApiError && error.errorCode === 'notFound' ? t('imageNotFound') : t('saveFailed');
      setFormError(text);
      toast.error(text);
    }
  }

  const busy = front.status === 'uploading' || back.status === 'uploading' || back.status === 'queued';
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4" aria-label={t('formHeading', { name })}>
      {carriers.isError ? <FormAlert>{t('fetchFailed')}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InsuranceCombobox
          name="carrierId"
          label={t('carrier')}
          options={carriers.data ?? []}
          value={carrierId}
          error={errors.carrier}
          onChange={(id) => {
            setCarrierId(id);
            if (id !== carrierId) setPlanId(undefined);
          }}
        />
        <InsuranceCombobox
          name="planId"
          label={t('plan')}
          options={carrier?.plans ?? []}
          value={planId}
          disabled={!carrier}
          error={errors.plan}
          onChange={setPlanId}
        />
        <TextField
          label={t('memberId')}
          name="memberId"
          isRequired
          autoComplete="off"
          // Said, not enforced with maxLength: the browser would cut a pasted id without a word.
          hint={tf('lengthHint', { max: MAX_MEMBER_ID_LENGTH })}
          value={memberId}
          error={errors.memberId}
          onChange={(event) => setMemberId(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InsuranceCardUpload
          side="front"
          ownerName={name}
          state={front}
          missing={errors.front}
          onChoose={(file) => choose('front', file)}
          onRetry={() => retry('front')}
        />
        <InsuranceCardUpload
          side="back"
          ownerName={name}
          state={back}
          missing={errors.back}
          onChoose={(file) => choose('back', file)}
          onRetry={() => retry('back')}
        />
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending || busy}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
