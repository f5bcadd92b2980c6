import type { ManualStayBody } from '../../../contract/stay.ts'
import { parsePrice, type ManualStayValues } from '../../domain/manualStays.ts'

/**
 * The body to send: texts trimmed, a block with no guest. A new stay leaves out what is empty;
 * an edit sends every field, an empty text clearing what was there.
 */
export function manualStayBody(values: ManualStayValues, purpose: 'create' | 'update'): ManualStayBody {
  const guestName = values.kind === 'booking' ? values.guestName.trim() : ''
  const note = values.note.trim()
  const body: ManualStayBody = { start: values.start, end: values.end, kind: values.kind }
  if (purpose === 'update' || guestName) body.guestName = guestName
  if (purpose === 'update' || note) body.note = note
  const price = values.kind === 'booking' ? parsePrice(values.price, values.priceBasis) : null
  // The form refuses an invalid price before it sends; a block earns nothing.
  if (price !== 'invalid' && (purpose === 'update' || price !== null)) body.price = price
  return body
}
