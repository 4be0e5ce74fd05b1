import { controlClass, labelClass } from '@/components/ui/field-help';

/**
 * Which of a provider's offices the slots are for: a select when there are several, the office's
 * name when there is one. Shared by the provider page's slot picker and the booking form.
 */
export function OfficeChoice({
  id,
  label,
  offices,
  officeId,
  onChange,
}: {
  id: string;
  label: string;
  offices: readonly { id: number; name: string }[];
  officeId: number;
  onChange: (officeId: number) => void;
}) {
  if (offices.length <= 1) {
    return (
      <p className="text-sm text-slate-800">
        <span className="font-semibold text-slate-900">{label}:</span> {offices[0]?.name}
      </p>
    );
  }
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={officeId}
        onChange={(event) => onChange(Number(event.target.value))}
        className={`${controlClass} min-h-11`}
      >
        {offices.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
