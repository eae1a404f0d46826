/**
 * A page that throws while it renders. Built in place of one exposed page only when MERIDIAN_TEST_BROKEN_EXPOSE names
 * it (config/webpack.cjs), so the end-to-end test of canary releases can publish a version of a remote that really
 * fails in the browser (e2e/tests/canary.spec.ts); never part of a normal build.
 */
export default function BrokenPage() {
  throw new Error('MERIDIAN_TEST_BROKEN_EXPOSE: this build of the page fails on render');
}
