// The header every request carries when a token exists, apart from the sessions' contract (sessions.ts, which
// re-exports it): the one ky instance (services/http.ts) is in every first load, a visitor page's too, and should
// not bring the sign-in's structs with it (0.6 KiB gzip, issue 29).
export const TOKEN_HEADER = 'app-token';
