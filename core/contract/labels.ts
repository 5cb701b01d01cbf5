/**
 * The words the API reference puts around the contract's own text: section headings, table
 * captions, column heads, the sentences that open a section, the names of the downloads. Written once here, they reach both
 * outputs through the section tree (./tree.ts): the page renders the tree and the Markdown twin
 * serialises it, so the two cannot word a heading or a retry rule differently.
 *
 * They are content the build generates, like the contract's descriptions, not words of a React
 * component: the twin is written outside React, so `translate()` cannot reach it. Docusaurus
 * translates a plugin's content through translation files instead, and plugins/api-contract
 * declares these as one (`getTranslationFiles`, `translateContent`): a second locale translates
 * them in `i18n/<locale>/api-contract/reference.json`, page and twin alike.
 */
/** The Then cell of a sandbox row after which nothing happens (page and twin alike). */
export const NOTHING_FOLLOWS = 'Nothing follows';

interface Message {
  readonly message: string;
  /** For translators: where the words appear. */
  readonly description: string;
}

/** Every label, keyed by its translation id. */
export const LABEL_MESSAGES = {
  'api.section.request': {message: 'Request', description: 'Heading of the request section of an operation'},
  'api.section.samples': {message: 'Code samples', description: 'Heading of the request samples section'},
  'api.section.responses': {message: 'Responses', description: 'Heading of the responses section'},
  'api.section.codes': {message: 'Response codes', description: 'Heading of the response_code table of an operation'},
  'api.section.scenarios': {
    message: 'Sandbox scenarios',
    description: 'Heading of the table of sandbox scenarios of an operation',
  },
  'api.section.related': {message: 'Related', description: 'Heading of the links to related operations'},
  'api.servers.caption': {message: 'Full URL per environment', description: 'Caption of the table of base URLs'},
  'api.servers.auth': {message: 'Authentication', description: 'Row of the URL table that links the token page'},
  'api.servers.authText': {
    message: 'Bearer JWT (HS256) with kid, partnerId, iat, exp, aud and reqId',
    description: 'How a request authenticates, linked to the headers page',
  },
  'api.servers.rateLimit': {message: 'Rate limit', description: 'Row of the URL table that links the rate limits'},
  'api.change.added': {
    message: 'New in {version}',
    description: 'Badge of an operation or webhook the current version added; {version} is the API version',
  },
  'api.change.changed': {
    message: 'Changed in {version}',
    description: 'Badge of an operation or webhook the current version changed; {version} is the API version',
  },
  'api.change.breaking': {
    message: '{change}, breaking',
    description: 'The badge when the change can break a client; {change} is the badge without it',
  },
  'api.request.headers': {message: 'Headers', description: 'Caption of the request headers table'},
  'api.request.token': {
    message:
      '`Bearer ` followed by a JWT you sign for each request. [Headers and tokens]({page}) says what it carries and how to make it in each language.',
    description: 'Description of the Authorization row of every request; {page} is the token page',
  },
  'api.request.path': {message: 'Path parameters', description: 'Caption of the path parameters table'},
  'api.request.query': {message: 'Query parameters', description: 'Caption of the query parameters table'},
  'api.request.cookies': {message: 'Cookies', description: 'Caption of the cookie parameters table'},
  'api.request.body': {message: 'Body fields (JSON)', description: 'Caption of the request body fields table'},
  'api.request.example': {message: 'Request body', description: 'Title of a request body example'},
  'api.request.none': {
    message: 'This call takes no parameters beyond the headers.',
    description: 'Shown instead of parameter tables when a call has none',
  },
  'api.samples.intro': {
    message:
      'Generated from the contract for the sandbox. Each sample calls the [client wrapper](/docs/v1/client-wrapper) of its language, which signs a fresh token from `PARTNER_ID`, `PARTNER_KEY_ID` and `PARTNER_SECRET`, sends, and makes a status call when no answer comes.',
    description: 'Opens the request samples; keep the code spans and the link',
  },
  'api.responses.sharedHeading': {
    message: 'Errors every call shares',
    description:
      'Heading of the shared error answers (400, 401, 429): on an operation page, and the title of their block',
  },
  'api.responses.shared': {
    message:
      'This call can also answer {answers}: the same envelope on every call, shown once under [Error answers]({href}).',
    description: 'Under the shared errors heading of an operation page; {answers} links each status, {href} the block',
  },
  'api.responses.and': {message: 'and', description: 'Joins the last two statuses of a list (400, 401 and 429)'},
  'api.responses.intro': {
    message: 'Every response uses the same envelope. Branch on `response_code`, not on the HTTP status alone.',
    description: 'Opens the responses section',
  },
  'api.response.headers': {message: 'Response headers', description: 'Caption of a response headers table'},
  'api.response.fields': {
    message: 'Response fields ({count})',
    description: 'Summary that opens the collapsed fields of a response; {count} is the number of rows',
  },
  'api.response.fieldsCaption': {message: 'Response body fields', description: 'Caption of a response fields table'},
  'api.codes.code': {message: 'response_code', description: 'Column head: the code (a field name, keep as is)'},
  'api.codes.name': {message: 'Name', description: 'Column head: the name of a response code'},
  'api.codes.meaning': {message: 'Meaning', description: 'Column head: what a response code means'},
  'api.codes.retry': {message: 'Retry', description: 'Column head: whether resending is safe'},
  'api.retry.safe': {message: 'Safe to resend as is', description: 'Retry advice of a response code'},
  'api.retry.newRef': {message: 'Only with a new referenceid', description: 'Retry advice of a response code'},
  'api.retry.status': {message: 'Never: check status first', description: 'Retry advice of a response code'},
  'api.retry.no': {message: 'Fix the cause first', description: 'Retry advice of a response code'},
  'api.sandbox.intro': {
    message:
      'In the sandbox and in `npm run sandbox`, these values force each answer. The test credentials and the values every operation takes: [Sandbox](/docs/v1/test-data).',
    description: 'Opens the sandbox scenarios of an operation; keep the code span and the link',
  },
  'api.sandbox.send': {message: 'Send', description: 'Column head: the sandbox scenario a request carries'},
  'api.sandbox.answer': {message: 'Answer', description: 'Column head: the response code it gets'},
  'api.sandbox.then': {message: 'Then', description: 'Column head: what follows (status, webhooks)'},
  'api.sandbox.nothing': {
    message: NOTHING_FOLLOWS,
    description: 'Then cell of a sandbox scenario after which no status change or webhook comes',
  },
  'api.sandbox.credentials': {message: 'Credentials', description: 'Heading of the test credentials (Sandbox page)'},
  'api.sandbox.anyOperation': {
    message: 'Any operation',
    description: 'Heading of the sandbox scenarios every operation takes (Sandbox page)',
  },
  'api.sandbox.anyFamily': {
    message: 'Any family',
    description: 'Heading of the sandbox scenarios shared by several families (Sandbox page)',
  },
  'api.sandbox.what': {message: 'What', description: 'Column head of the test credentials: which credential'},
  'api.sandbox.value': {message: 'Value', description: 'Column head of the test credentials: its value'},
  'api.sandbox.families': {
    message: 'Families',
    description: 'Column head: the families a shared sandbox scenario applies in',
  },
  'api.sandbox.operation': {
    message: 'Operation',
    description: 'Column head of the Markdown copy of a family table: the operation of the row',
  },
  'api.sandbox.partnerId': {
    message: 'Partner id (`partnerId` claim)',
    description: 'Test credential; keep the code span',
  },
  'api.sandbox.jwtSecret': {message: 'JWT secret (signs the request token, HS256)', description: 'Test credential'},
  'api.sandbox.keyId': {
    message: "Key id of the JWT secret (the token header's `kid`)",
    description: 'Test credential; keep the code span',
  },
  'api.sandbox.webhookSecret': {
    message: 'Webhook secret (signs `X-Signature`)',
    description: 'Test credential; keep the code span',
  },
  'api.sandbox.signingKeyId': {
    message: 'Request-signing key id (`keyid` in `Signature-Input`)',
    description: 'Test credential; keep the code spans',
  },
  'api.sandbox.signingKey': {
    message: 'Request-signing private key (Ed25519, PKCS#8 in base64)',
    description: 'Test credential',
  },
  'api.sandbox.signingPublicKey': {message: 'Its public key (JWK)', description: 'Test credential'},
  'api.related.webhook': {message: '(webhook)', description: 'Marks a related link that is a webhook'},
  'api.webhook.to': {message: 'to your webhook URL', description: 'Between the method and the event id'},
  'api.webhook.headers': {message: 'Headers we send', description: 'Caption of the webhook headers table'},
  'api.webhook.payload': {message: 'Payload fields (JSON)', description: 'Caption of the webhook payload table'},
  'api.webhook.example': {message: 'Example payload', description: 'Title of a webhook payload example'},
  'api.webhook.ackTitle': {message: 'Acknowledge', description: 'Title of the box that says how to answer'},
  'api.webhook.ackExample': {message: 'Your answer', description: 'Title of the example answer to a webhook'},
  'api.webhook.related': {message: 'Related:', description: 'Opens the list of related links of a webhook'},
  'api.field.name': {message: 'Field', description: 'Column head of a field table'},
  'api.field.type': {message: 'Type', description: 'Column head of a field table (Markdown twin)'},
  'api.field.required': {message: 'Required', description: 'Column head of a field table (Markdown twin)'},
  'api.field.description': {message: 'Description', description: 'Column head of a field table'},
  'api.field.isRequired': {message: 'required', description: 'Marks a required field'},
  'api.field.isOptional': {message: 'optional', description: 'Marks an optional field'},
  'api.field.yes': {message: 'yes', description: 'Required column of the Markdown twin'},
  'api.field.no': {message: 'no', description: 'Required column of the Markdown twin'},
  'api.field.oneOf': {message: 'One of:', description: 'Opens the allowed values of a field'},
  'api.field.rules': {message: 'Rules:', description: 'Opens the validation rules of a field'},
  'api.field.default': {message: 'Default:', description: 'Opens the default value of a field'},
  'api.field.example': {message: 'Example:', description: 'Opens the example value of a field'},
  'api.field.requiredOneOf': {
    message: 'required: one of',
    description: 'Marks a field of which exactly one of several must be sent (a oneOf of required fields)',
  },
  'api.field.requiredAnyOf': {
    message: 'required: any of',
    description: 'Marks a field of which at least one of several must be sent (an anyOf of required fields)',
  },
  'api.field.sendOneOf': {
    message: 'Send exactly one of {fields}.',
    description: 'The rule of a oneOf of required fields; {fields} is the list of the fields',
  },
  'api.field.sendAnyOf': {
    message: 'Send at least one of {fields}.',
    description: 'The rule of an anyOf of required fields; {fields} is the list of the fields',
  },
  'api.field.or': {message: 'or', description: 'Joins the last two fields of a oneOf or anyOf rule'},
  'api.field.children': {
    message: 'Nested fields ({count})',
    description: 'Summary that opens the fields folded under an object or array field; {count} is how many',
  },
  'api.downloads.yaml': {message: 'OpenAPI 3.1 (YAML)', description: 'Link to download the contract as YAML'},
  'api.downloads.json': {message: 'OpenAPI 3.1 (JSON)', description: 'Link to download the contract as JSON'},
  'api.downloads.postman': {message: 'Postman collection', description: 'Link to download the Postman collection'},
  'api.downloads.types': {
    message: 'TypeScript types',
    description: 'Link to download the TypeScript types generated from the contract',
  },
  'api.downloads.journeys': {
    message: 'Journeys of {family} (Arazzo 1.0.1)',
    description: 'Link to download the Arazzo workflows of one family; {family} is the family id',
  },
  'api.catalogue.code': {message: 'Code', description: 'Column head of the response_code catalogue: the code'},
  'api.catalogue.meaning': {message: 'Meaning', description: 'Column head of the response_code catalogue'},
  'api.catalogue.action': {message: 'What to do', description: 'Column head of the response_code catalogue'},
  'api.catalogue.retry': {message: 'Retry', description: 'Column head of the response_code catalogue'},
  'api.catalogue.byOperation': {
    message: 'Depends on the operation (its page says):',
    description: 'Retry cell of a code whose rule differs by operation; a list of rules and operations follows',
  },
  'api.catalogue.otherOperations': {
    message: 'every other operation',
    description: 'Retry cell of the catalogue: the operations not listed before',
  },
  'api.catalogue.common': {
    message: 'Any operation',
    description: 'Under a code of the catalogue that every operation can return',
  },
  'api.limits.retryAfter': {
    message: '`Retry-After` on a 429 answer: {meaning}',
    description:
      "Opens the rate limit table; {meaning} is the contract's description of the header; keep the code span",
  },
  'api.limits.family': {message: 'Family', description: 'Column head of the rate limit table'},
  'api.limits.limit': {message: 'Family limit', description: 'Column head of the rate limit table'},
  'api.limits.own': {
    message: 'Calls with their own limit too',
    description: 'Column head of the rate limit table: the calls with a limit of their own',
  },
  'api.limits.none': {message: 'None', description: 'Rate limit table: a family none of whose calls has its own'},
  'api.pan.value': {message: 'status', description: 'Column head: the PAN status value (a field name, keep as is)'},
  'api.pan.meaning': {message: 'Meaning and what to do', description: 'Column head of the PAN status table'},
  'api.deprecations.old': {message: 'Old form', description: 'Column head of the deprecations table'},
  'api.deprecations.replacement': {message: 'Use instead', description: 'Column head of the deprecations table'},
  'api.deprecations.where': {
    message: 'Where',
    description: 'Column head of the deprecations table: the calls that carry it',
  },
  'api.deprecations.sunset': {
    message: 'Sunset',
    description: 'Column head of the deprecations table: the last day (IST) the old form works',
  },
  'api.deprecations.request': {
    message: 'request field',
    description: 'Deprecations table: before a field a client sends',
  },
  'api.deprecations.response': {
    message: 'response field',
    description: 'Deprecations table: before a field of an answer',
  },
  'api.deprecations.webhook': {
    message: 'webhook field',
    description: 'Deprecations table: before a field of a delivery',
  },
  'api.deprecations.form': {
    message: 'old form',
    description: 'Deprecations table: an old form that is no field (a token, a header); its own words follow',
  },
  'api.deprecations.everyCall': {
    message: 'every call',
    description: 'Deprecations table, Where of an old form of the request token: every call carries it',
  },
  'api.deprecations.signatureWhere': {
    message: 'every webhook endpoint set to the 1.0.0 form with {call}',
    description: 'Deprecations table, Where of the old signature form; {call} links the operation that sets the form',
  },
  'api.behaviour.state': {message: 'State', description: 'Column head of a "What can happen" table: the state'},
  'api.behaviour.finalLine': {
    message: 'Final: {final}',
    description: 'Line under a state\'s meaning in a "What can happen" table; {final} is Yes, No or Only for ...',
  },
  'api.behaviour.next': {
    message: 'Can change to, and within',
    description:
      'Column head of a "What can happen" table: the states it can change to, then the window of each change',
  },
  'api.behaviour.webhook': {
    message: 'Webhook on reaching it',
    description: 'Column head of a "What can happen" table: whether reaching the state sends one',
  },
  'api.behaviour.moneyBack': {message: 'Money back', description: 'Column head of a "What can happen" table'},
  'api.behaviour.backTo': {
    message: 'Back to {to}, {when}; confirmed by {by}.',
    description: 'Money-back cell of a "What can happen" table: where the money goes, when, and what confirms it',
  },
  'api.behaviour.sameAs': {
    message: 'As for {state}.',
    description: "Money-back cell of a state whose money goes back exactly as an earlier state's; {state} names it",
  },
  'api.behaviour.yes': {message: 'Yes', description: 'Cell of a "What can happen" table'},
  'api.behaviour.no': {message: 'No', description: 'Cell of a "What can happen" table'},
  'api.behaviour.finalFor': {
    message: 'Only for {modes}',
    description: 'Final cell of a state that ends only some modes; {modes} lists them',
  },
  'api.behaviour.nothing': {message: 'None', description: 'Cell of a "What can happen" table with nothing to say'},
  'api.behaviour.source': {message: 'source', description: 'Link to the source of a window (a circular)'},
  'api.behaviour.firstAnswers': {
    message: 'First answers: {text}',
    description: 'Line above a "What can happen" table; {text} says which codes answer which state',
  },
  'api.behaviour.noWebhook': {
    message: 'None: {learn}',
    description: 'Webhook cell of an operation that sends none; {learn} says how the outcome is learnt',
  },
  'api.behaviour.codeFive': {
    message: 'How each family resolves it.',
    description:
      'Link at the end of the What to do cell of code 5 of the response-code catalogue, to the table under it',
  },
  'api.behaviour.codeFiveHeading': {
    message: 'How code 5 resolves, per family',
    description: 'Heading of the table under the response-code catalogue: how each family resolves code 5',
  },
  'api.behaviour.codeFiveFamily': {message: 'Family', description: 'Column of the code 5 table: the service family'},
  'api.behaviour.codeFiveResolves': {
    message: 'How it resolves',
    description: 'Column of the code 5 table: by webhook or by status call',
  },
  'api.behaviour.notFoundAfter': {
    message: 'Final {seconds} seconds after the request: send it again, same referenceid. Sooner, ask again.',
    description:
      "Line in the What to do cell of code 7 of the response-code catalogue; {seconds} is the status call's bound",
  },
  'api.behaviour.byWebhook': {
    message: 'by webhook ({webhook}), status call as a fallback',
    description: 'How a code 5 of a family resolves',
  },
  'api.behaviour.byStatus': {
    message: 'by status call ({status}); no webhook',
    description: 'How a code 5 of a family resolves',
  },
  'api.journey.calls': {message: 'Calls', description: 'Line of a journey step: the operation it calls'},
  'api.journey.webhook': {message: 'Webhook', description: 'Mark of a journey step where a webhook arrives'},
  'api.journey.hostedPage': {
    message: "On the customer's hosted page",
    description: 'Mark of a journey step the customer takes on a hosted page (a DMT session, a payment page)',
  },
  'api.journey.arrives': {message: 'Arrives', description: 'Line of a webhook step of a journey: the webhook'},
  'api.journey.clock': {
    message: 'Time passes',
    description: 'Mark of a journey step where the sandbox clock moves on (a bank confirms later)',
  },
  'api.journey.page': {message: 'Page', description: 'Line of a hosted-page step of a journey: which page'},
  'api.journey.succeeds': {
    message: 'Succeeds when',
    description: 'Line of a journey step: the response_code and state it expects',
  },
  'api.journey.state': {message: 'state {state}', description: 'Success criterion of a journey step: the state'},
  'api.journey.signedWith': {
    message: 'signed with {secrets}',
    description: 'Success criterion of a webhook step of a journey: which webhook secrets signed the delivery',
  },
  'api.journey.secretPrevious': {
    message: 'the previous secret',
    description: 'In a journey step: the webhook secret a rotation replaced',
  },
  'api.journey.secretCurrent': {
    message: 'the current secret',
    description: 'In a journey step: the webhook secret the partner holds now',
  },
  'api.journey.and': {message: 'and', description: 'Joins two items of a journey criterion (two secrets)'},
  'api.index.overview': {
    message: 'Overview of {family}',
    description: 'Link of the API index to the overview page of a family; {family} is its name',
  },
  'api.list.call': {message: 'Call', description: "Column head of a family's list of operations"},
  'api.list.what': {message: 'What it does', description: "Column head of a family's list of operations"},
  'api.list.webhook': {
    message: 'Webhook',
    description: 'Stands for the method of a webhook in lists (the page shows it in capitals)',
  },
  'api.changelog.feeds': {
    message: 'Follow the changes in a feed reader: {rss}, {atom}.',
    description: 'Under the summary of a release; {rss} and {atom} are the links to the feeds',
  },
  'api.changelog.pending': {
    message:
      'The dev server is still comparing the published releases: the changelog appears here in a few seconds, with no reload.',
    description:
      "The API changelog page in the dev server's first start, until the changelog is made (never in a build)",
  },
  'api.changelog.rss': {message: 'RSS', description: 'Link to the RSS feed of the API changelog'},
  'api.changelog.atom': {message: 'Atom', description: 'Link to the Atom feed of the API changelog'},
  'api.changelog.breaking': {message: 'Breaking changes', description: 'Heading of the breaking changes of a release'},
  'api.changelog.added': {
    message: 'New operations and webhooks',
    description: 'Heading of the operations and webhooks a release added',
  },
  'api.changelog.everyOperation': {
    message: 'Changes to every operation',
    description: 'Heading of the changes a release made to every operation',
  },
  'api.changelog.everyOperationShort': {
    message: 'Every operation',
    description: 'Among the breaking changes: links the changes made to every operation',
  },
  'api.changelog.shared': {
    message: 'Changes several operations share',
    description: 'Heading of the changes a release made alike to several operations or webhooks, each listed once',
  },
  'api.changelog.appliesTo': {
    message: 'In {count} entries',
    description:
      'Before the list of operations and webhooks a shared change applies to; {count} is how many (2 or more)',
  },
  'api.changelog.sharedWith': {
    message: 'Shared with other entries',
    description: 'In a changelog entry, before links to the changes it shares with other entries, listed once',
  },
  'api.changelog.changed': {
    message: 'Changed operations and webhooks',
    description: 'Heading of the operations and webhooks a release changed',
  },
  'api.changelog.removed': {
    message: 'Removed operations and webhooks',
    description: 'Heading of the operations and webhooks a release removed',
  },
  'api.changelog.api': {
    message: 'Changes to the document as a whole',
    description: 'Heading of the changes outside operations and webhooks (servers, security, tags)',
  },
  'api.changelog.override': {
    message: ' (classified by hand: {reason})',
    description:
      "After a change whose class openapi/changelog-overrides.yaml sets, not the diff tool; {reason} is the override's reason",
  },
  'api.changelog.webhook': {message: '(webhook)', description: 'After a changelog entry that is a webhook'},
  'api.changelog.none': {message: 'None.', description: 'Under Breaking changes, for a release that breaks nothing'},
  'api.changelog.first': {
    message: 'The first published release: nothing came before it, so it lists no changes.',
    description: 'In place of the count of changes, for the first release',
  },
  'api.changelog.action': {message: 'What to do', description: 'Before what a client does about a breaking change'},
  'api.changelog.sunset': {message: 'Sunset', description: 'Before when the old form of a breaking change stops'},
  'api.changelog.sunsetDate': {
    message: '{date}: the old form works until the end of that day (IST).',
    description: 'The sunset of a breaking change with a transition window; {date} is YYYY-MM-DD',
  },
  'api.changelog.noWindow': {
    message: 'None: no transition window, in force from {version}.',
    description: 'The sunset of a breaking change without a transition window; {version} is the release',
  },
  'api.changelog.breakingFound': {
    message: 'Each breaking change the diff finds, by entry ({count})',
    description: 'Closed list under the checklist of every breaking change the diff found; {count} is how many',
  },
  'api.changelog.docsOnlyOne': {
    message: '1 docs-only change',
    description: 'Closed list of the one change to descriptions or examples of an entry or part',
  },
  'api.changelog.docsOnly': {
    message: '{count} docs-only changes',
    description: 'Closed list of the changes to descriptions or examples of an entry or part; {count} is how many',
  },
  'api.changelog.breakingItem': {
    message: 'Breaking',
    description: 'Badge of a changelog entry with a change that can break a client',
  },
  'api.changelog.typeBreaking': {message: 'Breaking', description: 'Class of a change that can break a client'},
  'api.changelog.typeDeprecated': {message: 'Deprecated', description: 'Class of a change that deprecates'},
  'api.changelog.typeNonBreaking': {message: 'Non-breaking', description: 'Class of a change a client can ignore'},
  'api.changelog.typeAnnotation': {
    message: 'Docs only',
    description: 'Class of a change to descriptions or examples only, nothing on the wire',
  },
} as const satisfies Readonly<Record<string, Message>>;

export type LabelId = keyof typeof LABEL_MESSAGES;

/** The words of one locale, by id. */
export type Labels = Readonly<Record<LabelId, string>>;

/** The words as written above (the site's one locale). */
export function defaultLabels(): Labels {
  return Object.fromEntries(Object.entries(LABEL_MESSAGES).map(([id, m]) => [id, m.message])) as Labels;
}

/**
 * Labels with a locale's translations applied: `translated` maps an id to its message (the shape
 * of a Docusaurus translation file's content). An id it lacks keeps the English words.
 */
export function translateLabels(translated: Readonly<Record<string, {readonly message: string}>>): Labels {
  const base = defaultLabels();
  return Object.fromEntries(
    Object.entries(base).map(([id, message]) => [id, translated[id]?.message ?? message]),
  ) as Labels;
}

/** `{name}` placeholders filled in, as Docusaurus' `translate(..., values)` does. */
export function interpolate(message: string, values: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}
