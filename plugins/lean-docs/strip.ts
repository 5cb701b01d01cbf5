import type {RouteConfig} from '@docusaurus/types';

interface VersionDoc {
  readonly description?: string;
  readonly [key: string]: unknown;
}

interface VersionProp {
  readonly docs?: Readonly<Record<string, VersionDoc>>;
  readonly [key: string]: unknown;
}

/** Drops `description` from each entry of `props.version.docs`, in this route and below it. */
export function withoutDocDescriptions(route: RouteConfig): RouteConfig {
  const version = route.props?.version as VersionProp | undefined;
  const props =
    version?.docs && route.props
      ? {
          ...route.props,
          version: {
            ...version,
            docs: Object.fromEntries(
              Object.entries(version.docs).map(([id, {description: _dropped, ...doc}]) => [id, doc]),
            ),
          },
        }
      : route.props;
  return {...route, ...(props && {props}), ...(route.routes && {routes: route.routes.map(withoutDocDescriptions)})};
}
