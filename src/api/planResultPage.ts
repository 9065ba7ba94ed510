// The browser's page a plan's checkout comes back to (issue 28), on its own: the notifications' contract links
// to it, and the signed-in shell should not carry the plans' and checkouts' contracts for a path (issue 29).

/** The browser's result page a plan's checkout comes back to. */
export const planResultPagePath = (id: number) => `/precios-y-planes/contratacion/${id}`;
