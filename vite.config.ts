import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8081);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/gateway': `http://127.0.0.1:${gatewayPort}`,
      '/sandbox': `http://127.0.0.1:${gatewayPort}`,
      '/healthz': `http://127.0.0.1:${gatewayPort}`,
    },
  },
});
