import type { ReactNode, SVGProps } from 'react';

/** Props of every icon (components/ui/icons.tsx). */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/**
 * The frame of every icon. Fill, stroke and line style come from the `.icon` rule in
 * app/globals.css rather than six attributes on each <svg>: a provider page has dozens of icons,
 * and each one is written twice, in the HTML and in the React payload. An icon that
 * sets fill, stroke or strokeWidth gets them as inline style, which outranks that rule.
 */
export function Icon({
  className = 'size-5',
  children,
  fill,
  stroke,
  strokeWidth,
  style,
  ...rest
}: IconProps & { children: ReactNode }) {
  const overrides =
    fill !== undefined || stroke !== undefined || strokeWidth !== undefined
      ? { fill, stroke, strokeWidth, ...style }
      : style;
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`icon ${className}`} style={overrides} {...rest}>
      {children}
    </svg>
  );
}
