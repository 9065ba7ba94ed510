// How a dwelling is named wherever people read it: "Torre A - 101", or "Casa 12" without a tower.
export const dwellingName = (tower: string | null, apartment: string): string => (tower ? `${tower} - ${apartment}` : apartment);
