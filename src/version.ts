/** This package's version (semver). */
export const VERSION = '0.1.0';

/** The client SDK version the spec names for `players_login.sdk_version` (Versioning). */
export const WIRE_SDK_VERSION = '2021.4';
