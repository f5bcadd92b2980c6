import { HttpError, type FieldProblem } from '../errors.ts'
import { translatorFor } from '../i18n.ts'

/** What a schema failure says about one value: where it is, and zod's message. */
type SchemaIssue = { path: readonly PropertyKey[]; message: string }

const english = translatorFor('en')
const hasSentence = (key: string) => english(key) !== key

/**
 * A schema's issue as a sentence that names no key (docs/product.md §7.1): a schema may give a locale key
 * as its message; otherwise the field's own sentence (`errors.fields.<name>`), which covers
 * every way that field can be wrong, or a general one for a field no form sends.
 */
function problemOf(issue: SchemaIssue): FieldProblem | undefined {
  const field = issue.path[0]
  if (typeof field !== 'string') return undefined
  if (issue.message.startsWith('errors.') && hasSentence(issue.message)) return { field, key: issue.message }
  const key = `errors.fields.${field}`
  return { field, key: hasSentence(key) ? key : 'errors.fields.unknown' }
}

/**
 * A body that failed its schema: a 400 whose message is the first field's sentence, with every
 * field's in `fields`. A body that is not even an object has no field to blame.
 */
export function invalidBody(issues: readonly SchemaIssue[]): HttpError {
  const problems = issues.map(problemOf).filter((problem) => problem !== undefined)
  const first = problems[0]
  return first
    ? new HttpError(400, first.key, first.params, problems)
    : new HttpError(400, 'errors.body.invalid')
}
