import type {RouteConfig} from '@docusaurus/types';

interface VersionProp {
  readonly docs?: Readonly<Record<string, object>>;
  readonly [key: string]: unknown;
}

/**
 * The version prop with each entry of its map of docs emptied: the keys (doc ids) stay, so the
 * theme's `useDocById` still finds every doc, and nothing of an entry ships (its description,
 * title, sidebar, and its id, which repeats the key). The browser's one reader of the map is the
 * theme's DocCard, which reads a doc's description, and this site shows no DocCard (index.ts). The
 * input is left as it was.
 */
export function leanVersion<V extends object>(version: V): V {
  const docs = (version as VersionProp).docs;
  if (!docs) return version;
  return {...version, docs: Object.fromEntries(Object.keys(docs).map((id) => [id, {}]))};
}

/** `props.version` made lean (leanVersion), in this route and below it. */
export function withLeanVersion(route: RouteConfig): RouteConfig {
  const version = route.props?.version as VersionProp | undefined;
  const props = version?.docs && route.props ? {...route.props, version: leanVersion(version)} : route.props;
  return {...route, ...(props && {props}), ...(route.routes && {routes: route.routes.map(withLeanVersion)})};
}
