/**
 * The search plugin's own SearchBar (@easyops-cn/docusaurus-search-local), which
 * src/theme/SearchBar wraps and loads on first use. The plugin ships no type for it.
 */
declare module '@theme-original/SearchBar' {
  import type {ComponentType} from 'react';

  const SearchBar: ComponentType<Record<string, unknown>>;
  export default SearchBar;
}
