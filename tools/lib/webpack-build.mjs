// Runs one package's webpack config in-process (no CLI), reporting errors plainly.
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from './paths.mjs';

const require = createRequire(import.meta.url);

/** Build `pkg` (a folder name such as `host` or `mf-orders`) into `outDir`. */
export async function webpackBuild(pkg, outDir, mode = 'production') {
  const webpack = require(require.resolve('webpack', { paths: [ROOT] }));
  const factory = require(path.join(ROOT, pkg, 'webpack.config.cjs'));
  const config = factory({ outDir }, { mode });
  const compiler = webpack(config);
  const stats = await new Promise((resolve, reject) => {
    compiler.run((err, result) => (err ? reject(err) : resolve(result)));
  });
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) {
    const info = stats.toJson({ all: false, errors: true });
    throw new Error(`${pkg} build failed:\n${info.errors.map((e) => e.message).join('\n\n')}`);
  }
  return stats;
}
