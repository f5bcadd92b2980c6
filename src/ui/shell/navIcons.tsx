import type { NavigationItem } from '../../domain/navigation.ts'
import {
  CalendarIcon,
  DashboardIcon,
  GuestsIcon,
  HomeIcon,
  LogsIcon,
  PlugIcon,
  SparkleIcon,
  UsersIcon,
} from '../common/appIcons.tsx'

export const NAV_ICONS: Record<NavigationItem['icon'], typeof HomeIcon> = {
  dashboard: DashboardIcon,
  properties: HomeIcon,
  integration: PlugIcon,
  calendar: CalendarIcon,
  turnovers: SparkleIcon,
  guests: GuestsIcon,
  users: UsersIcon,
  logs: LogsIcon,
}
