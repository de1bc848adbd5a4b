import { Children, type ReactNode } from "react";

const WIDTHS = {
  2: "w-full md:w-[calc((100%-1.5rem)/2)]",
  3: "w-full sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]",
  4: "w-full sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-4.5rem)/4)]",
} as const;

/**
 * A list of equal cards that fits any count: rows of up to `columns`, and a short last row centred
 * under the others instead of one card left alone at the start of a row; with `fill`, its cards share
 * the row's whole width instead (under a heading set left, a centred pair read as misplaced). Each card
 * is as tall as the tallest in its row.
 */
export function EvenGrid({
  columns,
  label,
  className = "",
  fill = false,
  children,
}: {
  columns: keyof typeof WIDTHS;
  label?: string;
  className?: string;
  fill?: boolean;
  children: ReactNode;
}) {
  return (
    <ul aria-label={label} className={`flex flex-wrap justify-center gap-6 ${className}`}>
      {Children.map(children, (child) => (
        <li className={`flex ${WIDTHS[columns]} ${fill ? "grow" : ""} [&>*]:w-full`}>{child}</li>
      ))}
    </ul>
  );
}
