/**
 * The one place for the names, addresses and dates the site shows.
 *
 * Everything here is fictional on purpose: the base URLs use the reserved
 * `.example` top-level domain (RFC 2606) so that no reader can paste a sample
 * and send credentials to a real third party. Change these values, not the
 * pages, when the product is renamed or moved.
 */
/**
 * The brand colours: the deep green of the hero, the announcement bar and the browser's toolbar
 * (`theme-color`), the text on it, and the toolbar colour in dark mode (Infima's dark background).
 */
const colors = {
  brand: '#0b3d2e',
  onBrand: '#ffffff',
  darkBackground: '#1b1b1d',
} as const;

export const site = {
  productName: 'RupeeRail',
  provider: 'RupeeRail Technologies',
  /** Public URL of the docs site itself (used for canonical links and sitemaps). */
  url: 'https://docs.rupeerail.example',
  baseUrl: '/',
  copyrightYear: 2025,
  /**
   * Must equal `info.version` in openapi/openapi.yaml (tests/unit/site-config.test.ts checks, and the
   * build and `npm run lint:contract` stop on a difference, as the changelog compares by it).
   */
  apiVersion: '1.4.0',
  /** When apiVersion was released: the date of its entry on the API changelog and in its feeds. */
  apiReleaseDate: '2026-12-01',
  repositoryUrl: 'https://git.rupeerail.example/docs/payments-api-docs',
  editBranch: 'main',
  /** Must equal `info.contact.email` in openapi/openapi.yaml (tests/unit/site-config.test.ts checks). */
  supportEmail: 'integrations@rupeerail.example',
  dashboardUrl: 'https://dashboard.rupeerail.example',
  /** Must equal the contract's `servers`, in order, by description and URL (tests/unit/site-config.test.ts checks). */
  environments: {
    sandbox: {
      label: 'Sandbox (UAT)',
      baseUrl: 'https://sandbox.rupeerail.example/api/v1',
    },
    production: {
      label: 'Production',
      baseUrl: 'https://api.rupeerail.example/api/v1',
    },
  },
  colors,
  announcement: {
    /**
     * Bump the id whenever the text changes so readers who closed the old one see the new one. The
     * text itself is in src/theme/AnnouncementBar/Content (translatable, links routed client-side).
     */
    id: 'sandbox-keys-2025-11',
    backgroundColor: colors.brand,
    textColor: colors.onBrand,
  },
} as const;

export type SiteConfig = typeof site;
