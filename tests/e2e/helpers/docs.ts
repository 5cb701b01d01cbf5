/**
 * The docs sidebar, as a reader uses it: categories are expanded by clicking them, and a
 * collapsed category renders no children (Docusaurus mounts them lazily), so a link inside
 * is found only once its categories are open.
 */
import {expect, type Locator, type Page} from '@playwright/test';

export function docsSidebar(page: Page): Locator {
  return page.locator('nav[aria-label="Docs sidebar"]:visible');
}

/**
 * Opens the category labelled `label` in `sidebar` if it is closed. A category with its own
 * page has a separate caret button; one without is itself a button.
 */
export async function expandCategory(sidebar: Locator, label: string): Promise<void> {
  const caret = sidebar.getByRole('button', {name: `Expand sidebar category '${label}'`, exact: true});
  if ((await caret.count()) > 0) {
    await caret.click();
    await settled(sidebar);
    return;
  }
  // Already open (the current page is inside it): its caret offers to collapse.
  if ((await sidebar.getByRole('button', {name: `Collapse sidebar category '${label}'`, exact: true}).count()) > 0)
    return;
  const toggle = sidebar.getByRole('button', {name: label, exact: true});
  if ((await toggle.count()) === 0) throw new Error(`the docs sidebar has no category "${label}"`);
  if ((await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
    await settled(sidebar);
  }
}

/**
 * Waits until the sidebar's categories stop animating. Opening one closes its open siblings
 * (`autoCollapseCategories`), and while both heights animate the links below move: a click aimed
 * at a link then can land on whatever has moved under the pointer (seen in CI: the click on a
 * link of "Merchant onboarding" while "Transactions" closed went nowhere).
 */
async function settled(sidebar: Locator): Promise<void> {
  // The theme starts the height transition in an animation frame after the click.
  await sidebar.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect
    .poll(() => sidebar.evaluate((nav) => nav.getAnimations({subtree: true}).length), {
      message: 'sidebar categories still animating',
    })
    .toBe(0);
}

/**
 * The sidebar link to `path` (as written in the sidebar, braces and all), after opening the
 * categories on the way to it (outermost first).
 */
export async function sidebarLink(sidebar: Locator, categories: readonly string[], path: string): Promise<Locator> {
  for (const label of categories) await expandCategory(sidebar, label);
  const link = sidebar.locator(`a.menu__link[href="${path}"], a.menu__link[href="${encodeURI(path)}"]`);
  if ((await link.count()) === 0) throw new Error(`the docs sidebar has no link to ${path}`);
  return link.first();
}
