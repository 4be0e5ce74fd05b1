import type { SVGProps } from 'react';

/** Icons of the discovery pages, drawn like components/ui/icons.tsx; always decorative. */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function outline(path: string) {
  return function SearchIcon({ className = 'size-4', ...rest }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        {...rest}
      >
        <path d={path} />
      </svg>
    );
  };
}

export const MapPinIcon = outline('M12 21s-6.5-5.6-6.5-11A6.5 6.5 0 0 1 18.5 10c0 5.4-6.5 11-6.5 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z');
export const VideoIcon = outline('M3.5 7.5A1.5 1.5 0 0 1 5 6h9a1.5 1.5 0 0 1 1.5 1.5v9A1.5 1.5 0 0 1 14 18H5a1.5 1.5 0 0 1-1.5-1.5v-9ZM15.5 10.5l5-3v9l-5-3');
export const CheckIcon = outline('m5 12.5 4.5 4.5L19 7.5');
export const SearchGlassIcon = outline('M10.5 17.5a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5');
