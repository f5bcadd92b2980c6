import type { AnyStateMachine, AnyStateNode } from 'xstate'

/** A state's name in the diagram: its path, which is unique, without the characters Mermaid reserves. */
const idOf = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_')

/** How a designer reads an event: an actor's outcome, a delay, or the event's own name. */
function eventLabel(eventType: string): string {
  const [, kind, actor] = /^xstate\.(done\.actor|error\.actor|after)\.(.+)$/.exec(eventType) ?? []
  if (kind === 'done.actor') return `${actor} succeeds`
  if (kind === 'error.actor') return `${actor} fails`
  if (kind === 'after') return `after ${actor!.split('.')[0]}`
  return eventType === '' ? 'at once' : eventType
}

const guardName = (guard: unknown): string | undefined =>
  typeof guard === 'string'
    ? guard
    : typeof guard === 'object' && guard !== null && 'type' in guard
      ? String((guard as { type: unknown }).type)
      : guard
        ? 'guarded'
        : undefined

/** The transitions that leave `node` and its descendants for another state, as Mermaid lines. */
function transitionLines(node: AnyStateNode): string[] {
  const lines: string[] = []
  const entries: [string, AnyStateNode['always']][] = [...node.transitions.entries()]
  if (node.always) entries.push(['', node.always])
  for (const [eventType, transitions] of entries) {
    for (const transition of transitions ?? []) {
      const guard = guardName(transition.guard)
      const label = `${eventLabel(eventType)}${guard ? ` [${guard}]` : ''}`
      for (const target of transition.target ?? [])
        lines.push(`  ${idOf(node)} --> ${idOf(target)}: ${label}`)
    }
  }
  if (node.type === 'final') lines.push(`  ${idOf(node)} --> [*]`)
  for (const child of Object.values(node.states) as AnyStateNode[]) lines.push(...transitionLines(child))
  return lines
}

/** A state and the states inside it: composite states nest, parallel regions are split by `--`. */
function stateLines(node: AnyStateNode, indent: string): string[] {
  const children = Object.values(node.states) as AnyStateNode[]
  const lines = [`${indent}state "${node.key}" as ${idOf(node)}`]
  if (children.length === 0) return lines
  lines.push(`${indent}state ${idOf(node)} {`)
  children.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) lines.push(`${indent}  --`)
    lines.push(...stateLines(child, `${indent}  `))
  })
  const initial = node.initial?.target[0]
  if (initial && node.type !== 'parallel') lines.push(`${indent}  [*] --> ${idOf(initial)}`)
  lines.push(`${indent}}`)
  return lines
}

/**
 * The machine as a Mermaid state diagram: every state (declared first, so that a transition into
 * a composite state finds it), the initial ones, then every transition that changes state.
 */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const root = machine.root
  const children = Object.values(root.states) as AnyStateNode[]
  const initial = root.initial?.target[0]
  return [
    'stateDiagram-v2',
    ...children.flatMap((child) => stateLines(child, '  ')),
    ...(initial ? [`  [*] --> ${idOf(initial)}`] : []),
    ...transitionLines(root),
  ].join('\n')
}
