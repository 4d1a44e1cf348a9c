import { useCallback, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api';
import { toFieldError } from './field-error';
import type { FieldError } from './field-error';

type Errors<K extends string> = Partial<Record<K, FieldError>>;

/**
 * A controlled form checked by a core zod schema: on blur (that field), on submit (all fields, focus
 * on the first invalid one), and with the server's `details.fields` of a 400 mapped the same way.
 * `serverNames` renames server fields to form fields (`new_password` → `password`).
 */
export function useForm<S extends z.ZodType, K extends string>(
  schema: S,
  initial: Record<K, string>,
  serverNames: Readonly<Record<string, NoInfer<K>>> = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const inputs = useRef(new Map<K, HTMLInputElement>());
  const baseId = useId();
  const order = useRef(Object.keys(initial));

  const isField = useCallback(
    (key: unknown): key is K => typeof key === 'string' && Object.hasOwn(initial, key),
    [initial],
  );

  const check = useCallback(
    (vals: Record<K, string>): Errors<K> => {
      const result = schema.safeParse(vals);
      const found: Errors<K> = {};
      if (result.success) return found;
      for (const issue of result.error.issues) {
        const key = issue.path[0];
        if (isField(key) && !found[key]) found[key] = toFieldError(issue.message, issue.code);
      }
      return found;
    },
    [schema, isField],
  );

  const focusFirst = (found: Errors<K>) => {
    const first = order.current.find((k) => isField(k) && found[k]);
    if (isField(first)) inputs.current.get(first)?.focus();
  };

  const field = (name: K) => ({
    id: `${baseId}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    ref: (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      // Once a field shows an error, it follows the typing so the message goes away when fixed.
      if (errors[name]) setErrors((prev) => ({ ...prev, [name]: check(next)[name] }));
    },
    onBlur: () => setErrors((prev) => ({ ...prev, [name]: check(values)[name] })),
  });

  /** Checks every field; returns the parsed values, or null after showing the errors. */
  const submit = (): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found = check(values);
    setErrors(found);
    focusFirst(found);
    return null;
  };

  /** Shows a 400's `details.fields` under the fields; true when at least one applied. */
  const showServerErrors = (err: unknown): boolean => {
    if (!(err instanceof ApiError)) return false;
    const details = err.body['details'];
    if (
      typeof details !== 'object' ||
      details === null ||
      !('fields' in details) ||
      !Array.isArray(details.fields)
    )
      return false;
    const found: Errors<K> = {};
    const list: unknown[] = details.fields;
    for (const item of list) {
      if (typeof item !== 'object' || item === null) continue;
      const raw = 'field' in item ? item.field : undefined;
      const name = typeof raw === 'string' ? (serverNames[raw] ?? raw) : undefined;
      if (isField(name) && !found[name]) found[name] = toFieldError('code' in item ? item.code : undefined);
    }
    if (Object.keys(found).length === 0) return false;
    setErrors(found);
    focusFirst(found);
    return true;
  };

  const set = (name: K, value: string) => setValues((prev) => ({ ...prev, [name]: value }));

  return { values, errors, field, submit, showServerErrors, set };
}
