/**
 * Lets the minifier drop the parts of React Router the host never reaches.
 *
 * React Router's build ships its top-level `React.forwardRef(…)`, `React.createContext(…)` and `React.memo(…)`
 * calls unannotated, each followed by a top-level `X.displayName = "…"`. So the minifier must keep every component
 * they build (Link, NavLink, Form, ScrollRestoration…) and all they reach (prefetching, form submission, route
 * matching), although the host uses only BrowserRouter, useLocation and useNavigate. This loader marks the three
 * calls pure (they only build an object) and drops the top-level `displayName` lines (names for React DevTools
 * only). Whatever the app does use is kept exactly as before.
 */
const CALL = /(=\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g;
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;

module.exports = function pureReactCalls(source) {
  return source.replace(CALL, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
};
