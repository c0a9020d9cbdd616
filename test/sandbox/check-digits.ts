/** Independent check-digit rules (peru-domain.md), so fixture tests do not trust the code under test. */
export function rucIsValid(ruc: string): boolean {
  if (!/^\d{11}$/.test(ruc)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(ruc[i]), 0);
  return (11 - (sum % 11)) % 10 === Number(ruc[10]);
}

export function dniCheckDigit(dni: string): number {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(dni[i]), 0);
  return Number('65432110987'[sum % 11]);
}
