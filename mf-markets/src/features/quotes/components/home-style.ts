/**
 * The whole home screen's CSS (the header's two icons too; its action column is 44 px wide, so they extend into
 * the title's side, which is short) in one styled wrapper with class selectors, and the theme passed once as custom
 * properties. The first visit to `/` pays for every byte of this chunk (target: at most 2.5x a bare React page),
 * and one compact block costs a fraction of a styled component per element.
 */
import styled from 'styled-components';

// prettier-ignore
export const HomeStyle = styled.div`
--b:${({ theme }) => theme.color.border};--m:${({ theme }) => theme.color.textMuted};--s:${({ theme }) => theme.color.surface};--t:${({ theme }) => theme.color.text};--p:${({ theme }) => theme.color.primary};--op:${({ theme }) => theme.color.onPrimary};--up:${({ theme }) => theme.color.up};--dn:${({ theme }) => theme.color.down};--w:${({ theme }) => theme.color.warning};
ul{margin:0;padding:0;list-style:none}
.acts{display:flex;width:88px;margin-inline-start:-44px}
.icon{width:44px;height:44px;display:grid;place-items:center;color:var(--t)}
button{font:inherit;color:var(--t)}
.stale{position:sticky;top:48px;z-index:5;padding:8px 16px;background:var(--w);color:#1b1300;font-size:13px;font-weight:600}
.chips{display:flex;gap:8px;overflow-x:auto;padding:8px 16px;min-height:60px;scrollbar-width:none}
.chips::-webkit-scrollbar{display:none}
.chip{flex:none;min-height:44px;padding:0 16px;border-radius:22px;border:1px solid var(--b);background:var(--s);font-size:14px;font-weight:500}
.chip[aria-pressed='true']{border-color:var(--p);background:var(--p);color:var(--op)}
h2{margin:8px 16px 4px;font-size:12px;font-weight:500;color:var(--m)}
.quotes{display:flex;gap:8px;padding:0 16px;min-height:52px;overflow-x:auto;scrollbar-width:none}
.quotes li{flex:none;display:flex;flex-direction:column;justify-content:center;min-width:96px;padding:6px 12px;border-radius:10px;background:var(--s);font-size:11px;color:var(--m)}
.quotes b{font-size:13px;color:var(--t)}
.none{margin:0;min-height:52px;padding:0 16px;display:flex;align-items:center;color:var(--m);font-size:13px}
.head,.row{display:grid;grid-template-columns:32px 1fr 96px 88px;align-items:center;gap:12px;padding:0 16px}
.head{grid-template-columns:1fr 96px 88px;padding-top:12px;font-size:12px;color:var(--m)}
.head span+span,.px,.chg,.closed{text-align:end}
.row{width:100%;min-height:60px;border:0;border-bottom:1px solid var(--b);background:none;text-align:start;-webkit-touch-callout:none;user-select:none;contain:layout paint;content-visibility:auto;contain-intrinsic-size:auto 60px}
.row img{width:32px;height:32px;border-radius:50%;background:var(--s)}
.name{display:flex;flex-direction:column;min-width:0}
.name strong{font-size:15px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.name small{font-size:12px;color:var(--m)}
.px,.chg,.quotes b{font-variant-numeric:tabular-nums;white-space:nowrap}
.px{font-size:15px;font-weight:600;padding:2px 4px;border-radius:4px;height:24px;line-height:20px;box-sizing:border-box}
.px.u{background:rgba(31,199,126,.3)}.px.d{background:rgba(242,73,92,.3)}
.chg{font-size:13px;font-weight:600;color:var(--m);height:20px;line-height:20px}
.px,.chg{contain:strict}.chg.u{color:var(--up)}.chg.d{color:var(--dn)}
.closed{font-size:12px;color:var(--m)}
.starred li{display:flex;align-items:center;border-bottom:1px solid var(--b)}.starred .row{flex:1;min-width:0;border-bottom:0;padding-inline-end:0}.head.starred{padding-inline-end:60px}
.favbar{padding:8px 16px 0}
@media (prefers-reduced-motion:reduce){.px.u,.px.d{background:none}}
`;
