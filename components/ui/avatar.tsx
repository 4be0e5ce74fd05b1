import { AVATAR_TEXT_COLOR, avatarColor } from '@/lib/display/avatar-color';
import { avatarInitial, avatarKey, type AvatarSubject } from '@/lib/display/names';

/**
 * A person's picture, or a coloured tile with one letter when there is none (SPEC.md section 3:
 * first letter of the second word, else of the first; 90 by 90 by default; circle or rounded
 * square). Initial and colour follow from the person's own first and last name (a clinic's from
 * its name), never from a display string with a title, so a person keeps both on every page and
 * in both languages (lib/display/names.ts avatarInitial).
 *
 * Decorative by default, because it almost always sits next to the name it stands for; pass
 * `alt` when it appears alone.
 */
export function Avatar({
  name,
  src,
  size = 90,
  shape = 'circle',
  alt = '',
  className = '',
}: {
  /** A person's name fields, or a clinic's name. */
  name: AvatarSubject;
  src?: string | null;
  size?: number;
  shape?: 'circle' | 'rounded';
  alt?: string;
  className?: string;
}) {
  const radius = shape === 'rounded' ? 'rounded-[22%]' : 'rounded-full';
  if (src) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- profile images come from the API at any size; nothing to optimise
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        className={`shrink-0 object-cover ${radius} ${className}`}
        style={{ width: size, height: size }}
      />
    );
  }
  const a11y = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return (
    <span
      {...a11y}
      // The letter is drawn by CSS from data-initial, not written as text: the tile is decoration
      // (or named by `alt`), and as text it would become part of the visible label of a control
      // it sits in, such as the account menu's button, which its name does not (and need not)
      // repeat (WCAG 2.5.3, axe label-content-name-mismatch). Also marks the avatar for the
      // end-to-end check that a person looks the same everywhere.
      data-avatar=""
      data-initial={avatarInitial(name)}
      className={`before:content-[attr(data-initial)] inline-flex shrink-0 select-none items-center justify-center font-semibold leading-none ${radius} ${className}`}
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.42),
        backgroundColor: avatarColor(avatarKey(name)),
        color: AVATAR_TEXT_COLOR,
      }}
    />
  );
}
