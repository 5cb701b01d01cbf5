import type {RouteConfig} from '@docusaurus/types';

interface VersionDoc {
  readonly description?: string;
  readonly [key: string]: unknown;
}

interface VersionProp {
  readonly docs?: Readonly<Record<string, VersionDoc>>;
  readonly [key: string]: unknown;
}

/** The version prop without the `description` of each doc; the input is left as it was. */
export function versionWithoutDocDescriptions<V extends object>(version: V): V {
  const docs = (version as VersionProp).docs;
  if (!docs) return version;
  return {
    ...version,
    docs: Object.fromEntries(Object.entries(docs).map(([id, {description: _dropped, ...doc}]) => [id, doc])),
  };
}

/** Drops `description` from each entry of `props.version.docs`, in this route and below it. */
export function withoutDocDescriptions(route: RouteConfig): RouteConfig {
  const version = route.props?.version as VersionProp | undefined;
  const props =
    version?.docs && route.props ? {...route.props, version: versionWithoutDocDescriptions(version)} : route.props;
  return {...route, ...(props && {props}), ...(route.routes && {routes: route.routes.map(withoutDocDescriptions)})};
}
