/**
 * The HTML page every route is rendered into (Docusaurus `ssrTemplate`, an Eta template; the
 * variables are Docusaurus'). It differs from the default in one way: the site's two scripts are
 * preloaded in <head>, but run only after the browser has painted the server-rendered page, not as
 * `defer` scripts. When the scripts are already at hand (a fast network, or a cache) a deferred
 * script runs as soon as the HTML is parsed, before the first paint, so the reader waits for
 * React to start before seeing text that was already in the page. Here the page paints first,
 * then React hydrates it. The script list is data (a JSON block, which never runs), so the loader
 * is the same text on every page and in every build, and the Content-Security-Policy allows it
 * by one stable hash (plugins/csp-hashes). Scripts inserted this way run in insertion order
 * (async = false): the webpack runtime, then main.
 */
export const SSR_TEMPLATE = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((attribute) => { %><%~ attribute %><% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((href) => { %><link rel="stylesheet" href="<%= it.baseUrl %><%= href %>" /><% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script type="application/json" id="__docusaurus-scripts">[<%~ it.scripts.map((src) => JSON.stringify(it.baseUrl + src)).join(',') %>]</script>
    <script>requestAnimationFrame(function(){setTimeout(function(){JSON.parse(document.getElementById('__docusaurus-scripts').textContent).forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s)})})})</script>
  </body>
</html>
`;
