/**
 * A reader who closed an earlier announcement must see a new one (new id) at once. The theme's
 * inline script hides the bar before React starts whenever the stored dismissal is true, without
 * looking at which announcement was dismissed, so a new announcement stayed hidden for the whole
 * first page view. Before hydration, un-hide it when the dismissed id is not the current one;
 * the theme then resets the stored dismissal itself.
 */
import siteConfig from '@generated/docusaurus.config';

const ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

export function dismissedOtherAnnouncement(
  storage: Pick<Storage, 'length' | 'key' | 'getItem'>,
  currentId: string,
): boolean {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    // The key is namespaced per site (`docusaurus.announcement.id-<suffix>` with future.v4).
    if (key?.startsWith('docusaurus.announcement.id')) return storage.getItem(key) !== currentId;
  }
  return false;
}

if (typeof window !== 'undefined') {
  const id = (siteConfig.themeConfig as {announcementBar?: {id?: string}}).announcementBar?.id;
  const root = document.documentElement;
  try {
    if (id && root.getAttribute(ATTRIBUTE) === 'true' && dismissedOtherAnnouncement(window.localStorage, id)) {
      root.setAttribute(ATTRIBUTE, 'false');
    }
  } catch {
    // Storage blocked (privacy mode): the theme shows the bar anyway.
  }
}
