import fs from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** The shape of the entries below, as far as pruning needs it. */
type Item =
  | string
  | {
      readonly type: string;
      readonly items?: readonly Item[];
      readonly link?: {readonly type: string; readonly id?: string};
    };

/**
 * One sidebar over every page in docs/v1, grouped by service family in the
 * order an integration usually proceeds. `npm run check:content` (part of `npm run lint`; its
 * messages are tested in tests/unit/check-content.test.ts) fails when a docs file is missing here
 * or listed twice, or when an entry has no file.
 */
const v1 = (id: string): string => `v1/${id}`;
const service = (family: string, ids: readonly string[]): string[] => ids.map((id) => v1(`service/${family}/${id}`));

const sidebars = {
  tutorialSidebar: [
    {
      type: 'category',
      label: 'Getting started',
      collapsed: false,
      link: {type: 'doc', id: v1('index')},
      items: [
        {type: 'link', label: 'Headers and tokens', href: '/HeaderMarkdown'},
        v1('client-wrapper'),
        {type: 'link', label: 'Request body rules', href: '/BodyParam'},
        {type: 'link', label: 'Response codes', href: '/ResponseCode'},
        v1('test-data'),
        {type: 'link', label: 'API reference index', href: '/api'},
        v1('changelog'),
        v1('versioning'),
      ],
    },
    {
      type: 'category',
      label: 'Going live',
      items: [v1('go-live/checklist'), v1('go-live/certify')],
    },
    {
      type: 'category',
      label: 'Webhook deliveries',
      link: {type: 'doc', id: v1('webhooks/index')},
      items: [
        v1('webhooks/deliveries'),
        v1('webhooks/deliveries/redeliver'),
        v1('webhooks/secret/rotate'),
        v1('webhooks/signature-form'),
      ],
    },
    {
      type: 'category',
      label: 'Common look-ups',
      items: [
        v1('common/bank'),
        v1('common/state'),
        v1('common/district'),
        v1('common/account/info'),
        v1('common/account/signing-keys'),
        v1('common/account/signing-keys/list'),
        v1('common/account/signing-keys/{keyId}/revoke'),
        v1('common/account/controls'),
        v1('common/account/controls/update'),
        v1('common/wallet/statement'),
        v1('common/settlement/report'),
        v1('common/escalation'),
        v1('common/escalation/{escalationId}'),
      ],
    },
    {
      type: 'category',
      label: 'Aadhaar banking (AEPS)',
      link: {type: 'doc', id: v1('aeps')},
      items: [
        {
          type: 'category',
          label: 'Merchant onboarding',
          items: service('aeps', ['send-otp', 'validate-otp', 'ekyc-bio-metric', 'kyc', 'kyc/{kycId}', 'merchant']),
        },
        v1('service/aeps/2fa'),
        {
          type: 'category',
          label: 'Transactions',
          items: service('aeps', ['get-balance', 'withdrawal', 'statement', 'transaction-status', 'transaction-list']),
        },
        v1('service/aeps/generate/url'),
        v1('service/aeps/webhooks'),
        {
          type: 'category',
          label: 'Airtel Payments Bank',
          items: service('aeps', [
            'airtel/2fa',
            'airtel/txn/be',
            'airtel/txn/cw',
            'airtel/ms',
            'airtel/transaction-status',
          ]),
        },
      ],
    },
    {
      type: 'category',
      label: 'Micro-ATM',
      link: {type: 'doc', id: v1('service/matm/index')},
      items: service('matm', ['init', 'status', 'update', 'list']),
    },
    {
      type: 'category',
      label: 'Bill payments (BBPS)',
      link: {type: 'doc', id: v1('service/bbps/index')},
      items: [
        ...service('bbps', [
          'fetch/category',
          'fetch/biller/category',
          'fetch/biller/fetch-by-billerid',
          'fetch/bill',
          'fetch/bill-by-billid',
          'validate/bill-by-billid',
          'bill/payment',
          'bill/status',
          'bill/list',
          'complaint/register',
          'complaint/status',
          'webhooks',
        ]),
        {
          type: 'category',
          label: 'QuickBill',
          items: service('bbps', [
            'quickbill/fetch/biller/fetchByBillerId',
            'quickbill/fetch/bill',
            'quickbill/bill/payment',
          ]),
        },
      ],
    },
    {
      type: 'category',
      label: 'Credit-card bill payment',
      link: {type: 'doc', id: v1('service/paycc/index')},
      items: service('paycc', [
        'category',
        'banks',
        'customer',
        'init/kyc',
        'kyc/status/{kycId}',
        'add/verify/card',
        'creditcards',
        'delete/creditcard',
        'add/bank',
        'order',
        'order/{orderId}',
        'orders/status',
        'orders/list',
        'webhooks',
      ]),
    },
    {
      type: 'category',
      label: 'Mobile recharge',
      link: {type: 'doc', id: v1('service/recharge/index')},
      items: service('recharge', [
        'operators',
        'operators/lookup',
        'circles',
        'recharge-type',
        'mobile/plan',
        'initiate',
        'status',
        'list',
        'complaint',
      ]),
    },
    {
      type: 'category',
      label: 'UPI static VPA and QR',
      link: {type: 'doc', id: v1('service/upicollect/index')},
      items: service('upicollect', [
        'generate/account',
        'account/list',
        'account/deactivate',
        'payment/status',
        'payment/list',
        'dispute/list',
        'dispute/status',
        'dispute/respond',
        'webhooks',
      ]),
    },
    {
      type: 'category',
      label: 'Money transfer (DMT)',
      link: {type: 'doc', id: v1('service/dmt/index')},
      items: service('dmt', [
        'agent',
        'remitter/query',
        'beneficiary/list',
        'generate/url',
        'transfer/status',
        'transfer/list',
        'refund/otp',
        'refund',
        'webhooks',
        'remitter/webhooks',
        'beneficiary/webhooks',
        'transfer/webhooks',
        'wallet/webhooks',
      ]),
    },
    {
      type: 'category',
      label: 'Payouts',
      link: {type: 'doc', id: v1('service/payout/index')},
      items: [
        ...service('payout', [
          'contacts',
          'contacts/{contactId}',
          'contacts/{contactId}/deactivate',
          'orders',
          'orders/status',
          'orders/list',
        ]),
        v1('service/payouts/webhooks'),
      ],
    },
    {
      type: 'category',
      label: 'PAN card',
      link: {type: 'doc', id: v1('service/pan/index')},
      items: [
        ...service('pan', ['agent', 'init', 'status']),
        // The extra page of status values, so it opens inside the docs layout (plugins/docs-pages).
        {type: 'link', label: 'PAN status values', href: '/PanStatusResponse'},
        v1('api/callbacks/pan/paysprint'),
      ],
    },
    {
      type: 'category',
      label: 'Insurance (GIBL)',
      link: {type: 'doc', id: v1('service/gibl/index')},
      items: service('gibl', ['init', 'status', 'list', 'webhooks']),
    },
    {
      type: 'category',
      label: 'SMS',
      items: [v1('service/sms/send'), v1('service/sms/status')],
    },
  ],
} satisfies SidebarsConfig;

/**
 * DOCS_DRAFT=1 is for drafting one family on a partial checkout: sidebar entries
 * whose page does not exist yet are left out instead of failing the build.
 * CI and production builds never set it, so a missing page fails there.
 */
function exists(id: string): boolean {
  return ['.mdx', '.md'].some((ext) => fs.existsSync(path.join(__dirname, 'docs', `${id}${ext}`)));
}

function prune(items: readonly Item[]): Item[] {
  return items.flatMap((item): Item[] => {
    if (typeof item === 'string') return exists(item) ? [item] : [];
    if (item.type !== 'category') return [item];
    const link = item.link?.type === 'doc' && item.link.id && !exists(item.link.id) ? undefined : item.link;
    const children = prune(item.items ?? []);
    if (!children.length && !link) return [];
    return [{...item, link, items: children}];
  });
}

export default process.env.DOCS_DRAFT === '1'
  ? ({tutorialSidebar: prune(sidebars.tutorialSidebar)} as SidebarsConfig)
  : sidebars;
