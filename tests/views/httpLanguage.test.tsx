// The one ky instance sends the page's language (<html lang>, kept by LanguageProvider and set before the
// first request by main.tsx) as Accept-Language, so the server's refusals come in it; and it hands the
// refusal's message id on with the ApiError.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorAnswer } from '../../src/api/errors';
import { ApiError, apiPath, call, http } from '../../src/services/http';

function stubFetch(status: number, body: unknown) {
  const languages: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      languages.push(request.headers.get('accept-language'));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return languages;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = 'es';
});

describe('http', () => {
  it('sends the page’s language as Accept-Language on every call', async () => {
    const languages = stubFetch(200, { success: false, code: 'X', message: 'x' });
    for (const language of ['fr', 'en', 'es']) {
      document.documentElement.lang = language;
      await http.get(apiPath('/--x/y')).json();
    }
    expect(languages).toEqual(['fr', 'en', 'es']);
  });

  it('leaves the browser’s own Accept-Language when the page has no language of ours', async () => {
    const languages = stubFetch(200, {});
    document.documentElement.lang = '';
    await http.get(apiPath('/--x/y')).json();
    expect(languages).toEqual([null]);
  });

  it('carries a refusal’s message and message id into the ApiError', async () => {
    document.documentElement.lang = 'en';
    stubFetch(403, {
      success: false,
      code: 'FORBIDDEN',
      message: 'You are not allowed to do this.',
      messageId: 'errors.forbidden',
    });
    const error = await call(() => http.get(apiPath('/--x/y')), ErrorAnswer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'You are not allowed to do this.',
      messageId: 'errors.forbidden',
    });
  });
});
