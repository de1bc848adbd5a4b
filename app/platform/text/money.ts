const euro = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/** "€1,250" */
export function formatEuro(amount: number): string {
  return euro.format(amount);
}
