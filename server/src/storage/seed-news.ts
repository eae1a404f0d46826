/** The articles seeded on first start (category 1, docs/rules.md). Plain editorial content with real structure. */
export type SeedArticle = { title: string; desc: string; content: string; daysAgo: number };

export const SEED_NEWS: SeedArticle[] = [
  {
    title: 'Dollar steadies as markets weigh the next rate decision',
    desc: 'The US dollar held its ground against major peers while traders priced the odds of a pause.',
    daysAgo: 0,
    content: `<h2>A quiet session before a busy week</h2>
<p>The US dollar index traded in a narrow range on Monday as investors waited for inflation figures due later in the week. <strong>EUR/USD</strong> hovered near its 20-day average while <strong>USD/JPY</strong> gave back part of last week's gains.</p>
<h3>What traders are watching</h3>
<ul><li>Consumer price data on Wednesday</li><li>Retail sales on Thursday</li><li>Remarks from two central bank governors on Friday</li></ul>
<p>Implied volatility on one-week options rose slightly, a sign that participants expect larger moves once the data arrive.</p>
<blockquote>Markets are in wait-and-see mode; positioning is light and that can amplify the reaction to a surprise.</blockquote>`,
  },
  {
    title: 'Gold edges higher on softer real yields',
    desc: 'Spot gold rose for a third day as inflation-adjusted bond yields eased.',
    daysAgo: 1,
    content: `<h2>Gold extends its climb</h2>
<p>Spot gold added about 0.6% as real yields on ten-year government bonds slipped. Because gold pays no interest, lower real yields reduce the cost of holding it.</p>
<table><caption>Session summary</caption><thead><tr><th scope="col">Metal</th><th scope="col">Change</th></tr></thead><tbody><tr><td>Gold</td><td>+0.6%</td></tr><tr><td>Silver</td><td>+1.1%</td></tr><tr><td>Platinum</td><td>-0.2%</td></tr></tbody></table>
<p>Analysts note that central bank purchases have provided a steady floor for prices this year.</p>`,
  },
  {
    title: 'Oil slips as inventories build more than expected',
    desc: 'Crude futures fell after weekly data showed a larger-than-forecast rise in stockpiles.',
    daysAgo: 2,
    content: `<h2>Stockpiles weigh on crude</h2>
<p>Benchmark crude futures fell roughly 1.4% after official figures showed commercial inventories rising for a second straight week.</p>
<ol><li>Crude inventories rose by 3.2 million barrels.</li><li>Gasoline stocks were little changed.</li><li>Refinery utilisation dipped to 88%.</li></ol>
<p>Producers' output decisions remain the main source of uncertainty for the coming quarter.</p>`,
  },
  {
    title: 'Euro firms after stronger manufacturing survey',
    desc: 'A surprise improvement in factory activity lifted the single currency.',
    daysAgo: 3,
    content: `<h2>Factories surprise to the upside</h2>
<p>The euro area manufacturing purchasing managers' index rose above expectations, lifting <strong>EUR/USD</strong> by around 40 pips in the European morning.</p>
<p>New orders improved for the first time in five months, although employment components remained soft.</p>
<h3>Why it matters</h3>
<p>A sustained recovery in manufacturing would reduce pressure on the central bank to ease policy, which tends to support the currency.</p>`,
  },
  {
    title: 'Yen volatility rises around intervention talk',
    desc: 'Officials repeated warnings about rapid currency moves, keeping traders cautious.',
    daysAgo: 4,
    content: `<h2>Verbal warnings return</h2>
<p>The Japanese yen swung in a wide range after senior officials said they were watching currency markets "with a strong sense of urgency".</p>
<p>Past episodes of direct intervention have produced moves of several big figures within hours, so many traders reduce leverage when such language appears.</p>
<ul><li>Use stop-loss orders sized to the higher volatility.</li><li>Check margin levels before major announcements.</li></ul>`,
  },
  {
    title: 'Understanding leverage and margin in forex trading',
    desc: 'How leverage multiplies both gains and losses, and how margin is calculated.',
    daysAgo: 5,
    content: `<h2>Leverage in plain terms</h2>
<p>Leverage lets you control a larger position with a smaller deposit, called <em>margin</em>. With a multiplier of 100, a position worth 100,000 USD needs 1,000 USD of margin.</p>
<h3>The formula</h3>
<p>Margin = lots × units per lot × price ÷ multiplier. For instruments with fixed margin, margin = lots × units per lot.</p>
<h3>The risk</h3>
<p>Leverage magnifies losses exactly as much as gains. A 1% move against a 100× position costs the whole margin.</p>
<blockquote>Only trade with money you can afford to lose, and always know your stop-out level.</blockquote>`,
  },
  {
    title: 'Stop loss and take profit: setting exits before you enter',
    desc: 'Planning both exits in advance is one of the simplest risk controls available.',
    daysAgo: 6,
    content: `<h2>Decide your exits first</h2>
<p>A <strong>stop loss</strong> closes a position automatically when the price moves against you by a chosen amount; a <strong>take profit</strong> closes it once a target is reached.</p>
<h3>Practical guidelines</h3>
<ul><li>Place stops beyond recent highs or lows, not at round numbers everyone watches.</li><li>Keep the reward at least equal to the risk.</li><li>Do not move a stop further away once the trade is open.</li></ul>
<p>Both levels can be changed while a position is open from the order detail screen.</p>`,
  },
  {
    title: 'Sterling rebounds as wage growth stays firm',
    desc: 'Robust earnings data revived expectations that rates will stay higher for longer.',
    daysAgo: 8,
    content: `<h2>Wages keep the pound supported</h2>
<p>Average earnings rose faster than forecast, and <strong>GBP/USD</strong> recovered from a two-week low.</p>
<table><thead><tr><th scope="col">Indicator</th><th scope="col">Actual</th><th scope="col">Forecast</th></tr></thead><tbody><tr><td>Average earnings</td><td>5.9%</td><td>5.6%</td></tr><tr><td>Unemployment rate</td><td>4.3%</td><td>4.3%</td></tr></tbody></table>
<p>Money markets now price a lower chance of a cut at the next meeting.</p>`,
  },
  {
    title: 'Trading sessions explained: Sydney, Tokyo, London and New York',
    desc: 'Liquidity and spreads change through the day as financial centres open and close.',
    daysAgo: 10,
    content: `<h2>Around the clock, but not evenly</h2>
<p>The currency market trades around the clock on weekdays, but activity clusters in four sessions.</p>
<dl><dt>Sydney and Tokyo</dt><dd>Quieter hours; yen and Australian dollar pairs are most active.</dd><dt>London</dt><dd>The largest share of daily volume; spreads are usually tightest.</dd><dt>New York</dt><dd>Overlaps with London in the morning, the busiest period of the day.</dd></dl>
<p>Spreads often widen at the daily rollover and around holidays, so check the quote before placing an order.</p>`,
  },
  {
    title: 'Platform notice: scheduled maintenance this weekend',
    desc: 'Quotes and order entry will pause briefly during the weekend maintenance window.',
    daysAgo: 12,
    content: `<h2>Scheduled maintenance</h2>
<p>We will carry out routine maintenance on <time datetime="2026-11-29">Saturday</time> between 02:00 and 04:00 London time, while markets are closed.</p>
<ul><li>Open positions are not affected.</li><li>Deposits and withdrawals submitted during the window are processed afterwards.</li><li>The app may ask you to log in again.</li></ul>
<p>If you have any questions, contact customer service from the <strong>Mine</strong> page.</p>`,
  },
  {
    title: 'Australian dollar tracks commodity prices lower',
    desc: 'Weaker metal prices and soft trade data weighed on the Aussie.',
    daysAgo: 14,
    content: `<h2>Commodity currencies under pressure</h2>
<p>The Australian dollar fell as iron ore and copper prices declined, and a smaller-than-expected trade surplus added to the pressure.</p>
<p><strong>AUD/USD</strong> is sensitive to demand from the country's largest trading partners; traders will watch upcoming industrial production figures closely.</p>`,
  },
];
