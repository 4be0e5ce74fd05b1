import { RetryButton } from './retry-button';

/**
 * What a page shows when its data could not be loaded (SPEC.md section 8: the product says so
 * and offers a retry): the message in an alert, and a button that renders the page again.
 */
export function LoadFailed({
  title,
  message,
  retryLabel,
  className = 'mt-6',
}: {
  /** A heading above the message, where the page has none of its own for this state. */
  title?: string;
  message: string;
  retryLabel: string;
  className?: string;
}) {
  return (
    <div role="alert" className={`${className} rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200`}>
      {title ? <p className="text-lg font-semibold text-slate-900">{title}</p> : null}
      <p className={title ? 'mt-1 text-slate-700' : 'text-slate-800'}>{message}</p>
      <div className="mt-4">
        <RetryButton label={retryLabel} />
      </div>
    </div>
  );
}
