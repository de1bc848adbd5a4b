import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Opt in to React Router 8's behaviour now, so the later upgrade is a version bump.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
