import { getTranslations } from 'next-intl/server';
import type { FavoriteKind } from '@/lib/api-client/favorites';
import type { Locale } from '@/lib/i18n/languages';
import type { AvatarSubject } from '@/lib/display/names';
import { Avatar } from '@/components/ui/avatar';
import { CheckCircleIcon, VideoIcon } from '@/components/ui/icons';
import { FavoriteButton } from './favorite-button';
import { RatingStars } from './rating-stars';
import { Badge } from './section';

/**
 * The head of a provider or clinic page (one layout for both): picture, name and the line under
 * it, the heart, the rating when there are reviews, and whether new patients and video visits
 * are taken. A server component: everything is in the first HTML but the heart.
 */
export async function ProfileHeader({
  kind,
  id,
  name,
  avatarName,
  photoUrl,
  subtitle,
  rating,
  acceptsNewPatients,
  teledentalLabel,
  locale,
  className = '',
}: {
  kind: FavoriteKind;
  id: number;
  /** The page's h1, and the heart's and photo's name. */
  name: string;
  avatarName: AvatarSubject;
  photoUrl: string | null;
  subtitle: string;
  rating: { average: number; count: number };
  acceptsNewPatients: boolean;
  /** The teledental badge's text, or null when no video visits are offered. */
  teledentalLabel: string | null;
  locale: Locale;
  className?: string;
}) {
  const t = await getTranslations('provider');
  return (
    <header className={`flex min-w-0 flex-col gap-5 sm:flex-row sm:items-start ${className}`}>
      <Avatar
        name={avatarName}
        src={photoUrl}
        size={112}
        shape={kind === 'clinic' ? 'rounded' : 'circle'}
        alt={photoUrl ? name : ''}
      />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{name}</h1>
            <p className="mt-1 text-lg text-slate-800">{subtitle}</p>
          </div>
          <FavoriteButton kind={kind} id={id} name={name} />
        </div>
        {/* "No reviews yet" is said once, in the reviews section. */}
        {rating.count > 0 ? (
          <RatingStars
            average={rating.average}
            count={rating.count}
            locale={locale}
            labels={{
              rated: t('rated'),
              reviews: t('reviewCount', { count: rating.count }),
              noReviews: t('noReviews'),
            }}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          {acceptsNewPatients ? (
            <Badge tone="good" icon={<CheckCircleIcon className="size-4" />}>
              {t('acceptingNewPatients')}
            </Badge>
          ) : (
            <Badge>{t('notAcceptingNewPatients')}</Badge>
          )}
          {teledentalLabel ? <Badge icon={<VideoIcon className="size-4" />}>{teledentalLabel}</Badge> : null}
        </div>
      </div>
    </header>
  );
}
