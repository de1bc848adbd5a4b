import type { ReactNode } from "react";
import { Link } from "react-router";

const variants = {
  primary: "bg-primary text-primary-fg hover:opacity-90",
  outline: "border border-border text-fg hover:border-primary hover:text-primary",
} as const;

export const buttonClass = (variant: keyof typeof variants = "primary") =>
  `inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition ${variants[variant]}`;

export function ButtonLink({
  to,
  variant = "primary",
  children,
}: {
  to: string;
  variant?: keyof typeof variants;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClass(variant)}>
      {children}
    </Link>
  );
}
