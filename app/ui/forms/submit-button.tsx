import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";

const variants = {
  primary:
    "rounded-full bg-primary px-6 py-3 font-semibold text-primary-fg hover:opacity-90 disabled:opacity-60",
  outline:
    "rounded-full border border-primary px-6 py-3 font-semibold text-primary hover:bg-primary/10 disabled:opacity-60",
} as const;

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled" | "className" | "children"> & {
  label: ReactNode;
  /** Shown instead of `label` while the form is being sent. */
  pendingLabel?: ReactNode;
  /** For a fetcher form (`fetcher.state !== "idle"`); without it, the page's navigation decides. */
  pending?: boolean;
  /** Only a post to this path counts as pending (default: any post from the page). */
  action?: string;
  variant?: keyof typeof variants;
  /** The smaller size, for a toolbar (the admin editor's bar). */
  compact?: boolean;
};

/** A form's submit button, disabled from the click until the answer has been shown. */
export function SubmitButton({
  label,
  pendingLabel,
  pending,
  action,
  variant = "primary",
  compact = false,
  ...rest
}: Props) {
  const navigation = useNavigation();
  const posting =
    navigation.state !== "idle" &&
    navigation.formMethod !== undefined &&
    navigation.formMethod !== "GET" &&
    (action === undefined || navigation.formAction?.split("?")[0] === action);
  const busy = pending ?? posting;
  return (
    <button
      {...rest}
      type="submit"
      disabled={busy}
      // Pages without React: the page script shows it while the form is sent (page-forms).
      data-pending-label={typeof pendingLabel === "string" ? pendingLabel : undefined}
      className={
        compact ? variants[variant].replace("px-6 py-3", "min-h-10 px-4 text-sm") : variants[variant]
      }
    >
      {busy && pendingLabel !== undefined ? pendingLabel : label}
    </button>
  );
}
