// Messages are written in one file per area and language (src/i18n/<lang>/<area>.json) so each area
// owns its own file; the build merges each language into the one assets/i18n/<lang>.json the app
// fetches (spec §7). Keys are namespaced by area ("login.title"), so merging cannot collide silently:
// mergeCatalog refuses a key defined twice.
export type Messages = Record<string, string>;

export function mergeCatalog(files: Record<string, Messages>): Messages {
  const merged: Messages = {};
  for (const [file, messages] of Object.entries(files)) {
    for (const [key, value] of Object.entries(messages)) {
      if (key in merged) throw new Error(`translation key ${key} is defined twice (again in ${file})`);
      merged[key] = value;
    }
  }
  return merged;
}
