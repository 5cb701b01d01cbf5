/**
 * The one place for the names, addresses and dates the site shows.
 *
 * Everything here is fictional on purpose: the base URLs use the reserved
 * `.example` top-level domain (RFC 2606) so that no reader can paste a sample
 * and send credentials to a real third party. Change these values, not the
 * pages, when the product is renamed or moved.
 */
export const site = {
  productName: 'RupeeRail',
  provider: 'RupeeRail Technologies',
  /** Public URL of the docs site itself (used for canonical links and sitemaps). */
  url: 'https://docs.rupeerail.example',
  baseUrl: '/',
  copyrightYear: 2025,
  /** Must equal `info.version` in openapi/openapi.yaml (the build and `npm run lint:contract` check). */
  apiVersion: '1.1.0',
  /** When apiVersion was released: the date of its entry on the API changelog and in its feeds. */
  apiReleaseDate: '2026-11-24',
  repositoryUrl: 'https://git.rupeerail.example/docs/payments-api-docs',
  editBranch: 'main',
  supportEmail: 'integrations@rupeerail.example',
  dashboardUrl: 'https://dashboard.rupeerail.example',
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
  announcement: {
    /** Bump the id whenever the text changes so readers who closed the old one see the new one. */
    id: 'sandbox-keys-2025-11',
    backgroundColor: '#0b3d2e',
    textColor: '#ffffff',
  },
} as const;

export type SiteConfig = typeof site;
