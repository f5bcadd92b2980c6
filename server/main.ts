import { ConfigError, loadConfig, type Config } from './config.ts'
import { serve } from './serve.ts'

function readConfig(): Config {
  try {
    return loadConfig(process.env, { stdoutIsTerminal: process.stdout.isTTY === true })
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}

serve(readConfig()).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
