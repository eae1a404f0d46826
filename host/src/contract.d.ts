/** The version of @meridian/shared this host provides (webpack.config.cjs); absent in unit tests. */
declare const __MERIDIAN_CONTRACT__: string | undefined;
