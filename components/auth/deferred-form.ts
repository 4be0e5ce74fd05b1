'use client';

import { useCallback, useRef, useState, type ComponentType, type FormEvent, type MouseEvent, type RefObject } from 'react';

/**
 * What the visitor did to the plain form before its validation arrived, so the validated form
 * that replaces it carries on where they were (public-page-javascript.md, issue 10).
 */
export interface FormResume {
  /** Fields changed from their server-rendered value (name → value; checkboxes → checked). */
  values: Record<string, string | boolean>;
  /** The field that had focus, with its caret, so typing goes on in the same place. */
  focus?: { name: string; start: number | null; end: number | null };
  /** Password fields whose text was shown ("Show password" pressed). */
  revealed: string[];
  /** The visitor sent the form before the validation arrived: the validated form sends it now. */
  submit: boolean;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function isControl(el: Element): el is Control {
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
}

/** The value when the visitor changed it from what the server rendered, else undefined. */
function changedValue(el: Control): string | boolean | undefined {
  if (el instanceof HTMLInputElement && el.type === 'checkbox') {
    return el.checked !== el.defaultChecked ? el.checked : undefined;
  }
  if (el instanceof HTMLSelectElement) {
    const initial = Array.from(el.options).find((o) => o.defaultSelected) ?? el.options[0];
    return el.value !== (initial?.value ?? '') ? el.value : undefined;
  }
  return el.value !== el.defaultValue ? el.value : undefined;
}

function takeResume(form: HTMLFormElement | null, submit: boolean): FormResume {
  const resume: FormResume = { values: {}, revealed: [], submit };
  if (!form) return resume;
  for (const el of Array.from(form.elements)) {
    if (!isControl(el) || !el.name) continue;
    const value = changedValue(el);
    if (value !== undefined) resume.values[el.name] = value;
  }
  const active = document.activeElement;
  if (active && isControl(active) && active.name && form.contains(active)) {
    const text = active instanceof HTMLSelectElement ? null : active;
    let start: number | null = null;
    let end: number | null = null;
    try {
      start = text?.selectionStart ?? null;
      end = text?.selectionEnd ?? null;
    } catch {
      // Inputs such as type=email or date have no caret to read.
    }
    resume.focus = { name: active.name, start, end };
  }
  form.querySelectorAll<HTMLButtonElement>('button[aria-pressed="true"][aria-controls]').forEach((button) => {
    const input = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (input && isControl(input) && input.name) resume.revealed.push(input.name);
  });
  return resume;
}

export interface DeferredFormHostProps {
  ref: RefObject<HTMLDivElement | null>;
  onFocus: () => void;
  onPointerDown: () => void;
  onClick: (event: MouseEvent<HTMLDivElement>) => void;
  onSubmit: (event: FormEvent<HTMLDivElement>) => void;
}

/**
 * A form whose plain version - native controls, `method="post"`, rendered by the server with no
 * script of its own - is swapped for its validated version (react-hook-form, the zod contract,
 * libphonenumber, React Query), fetched on the visitor's first focus, touch or click in it. Those
 * libraries would otherwise put the public auth pages over their 130 kB budget (issue 10). The
 * caller renders `<div {...hostProps}>{loaded ? <loaded.Form resume={loaded.resume} /> : plain}</div>`.
 * A submit before the validated form has arrived waits for it and is then sent through it; if it
 * cannot be fetched (offline), the browser posts the form. Until then a password's "Show password"
 * toggle is flipped here, and the validated form takes its state over.
 */
export function useDeferredForm<P extends { resume?: FormResume }>(load: () => Promise<ComponentType<P>>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const loading = useRef(false);
  const submitted = useRef(false);
  const resume = useRef<FormResume>(undefined);
  const [Form, setForm] = useState<ComponentType<P>>();
  const plainForm = () => hostRef.current?.querySelector('form') ?? null;

  const start = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      // A component is a function: wrapped, so React stores it rather than calling it.
      (loadedForm) => setForm(() => loadedForm),
      () => {
        loading.current = false;
        // Without the validation the server still answers a plain POST (forms.md).
        if (submitted.current) hostRef.current?.querySelector('form')?.submit();
      },
    );
  }, [load]);

  // Read while rendering the swap, when the plain form is still on the page and nothing the
  // visitor types can come in between (an effect or the load callback would run too early or late).
  if (Form && !resume.current) resume.current = takeResume(plainForm(), submitted.current);
  const loaded = Form && resume.current ? { Form, resume: resume.current } : undefined;
  const plain = !Form;

  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    if (!plain) return;
    event.preventDefault();
    submitted.current = true;
    start();
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!plain || !(event.target instanceof Element)) return;
    const toggle = event.target.closest('button[aria-controls]');
    const input = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!toggle || !(input instanceof HTMLInputElement)) return;
    const shown = toggle.getAttribute('aria-pressed') !== 'true';
    toggle.setAttribute('aria-pressed', String(shown));
    input.type = shown ? 'text' : 'password';
  };

  const hostProps: DeferredFormHostProps = { ref: hostRef, onFocus: start, onPointerDown: start, onClick, onSubmit };
  return { loaded, hostProps };
}
