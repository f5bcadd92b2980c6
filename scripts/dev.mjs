// Development: the API with reload (tsx watch) on API_PORT and Vite with its /api proxy on 5173.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3000'
const env = {
  ...process.env,
  API_PORT: apiPort,
  PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
}
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((child) => child.on('exit', (code) => code && code !== 0 && stop()))
