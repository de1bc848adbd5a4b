import { Field, inputClass } from "~/ui/forms/field";

/** A password box in its field (the error beside it is `<id>-error`). */
export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  required,
  minLength,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  required?: boolean;
  minLength?: number;
  errors?: string[];
}) {
  return (
    <Field id={id} label={label} errorId={`${id}-error`} errors={errors}>
      <input
        id={id}
        name={name}
        type="password"
        required={required}
        minLength={minLength}
        autoComplete={autoComplete}
        className={inputClass}
      />
    </Field>
  );
}
