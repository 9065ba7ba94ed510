// The setup project (playwright.config.ts): signs in every account of accounts.ts once per run, through
// the API (the sign-in page has its own spec), and saves each session as a storageState file for the
// specs that need "a signed-in X". Runs before desktop and phone, in a second or two.
import { SIGNED_IN, saveSignedIn } from '../support/e2e/accounts';
import { sessionTokens, test } from './fixtures';

const sessionToken = sessionTokens();

for (const [email, condo] of SIGNED_IN) {
  test(`signs in ${email}${condo ? ` in ${condo}` : ''}`, async ({ request, baseURL }) => {
    const token = await sessionToken(request, email, condo);
    saveSignedIn(baseURL!, email, condo, token);
  });
}
