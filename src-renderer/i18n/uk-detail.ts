import type { enDetail } from './en-detail.js'

/** Ukrainian strings of the open match (mirrors en-detail.ts). */
export const ukDetail: typeof enDetail = {
  matchDetail: {
    filter: 'Фільтр ринків і результатів',
    expandAll: 'Розгорнути всі',
    collapseAll: 'Згорнути всі',
    marketCount: '{shown} з {total} ринків',
    noFilterMatch: 'Жоден ринок чи результат не відповідає «{text}»',
    showMore: 'Показати ще {n} ринків (не показано {left})',
    pin: 'Закріпити ринки «{name}» угорі кожного матчу',
    unpin: 'Відкріпити ринки «{name}»',
    clockStopped: 'годинник зупинено',
    extraTime: 'Додатковий час: {time}',
    scoreExtra: 'Гейм: {score}',
    finished: 'Завершено',
    periodsCaption: 'Рахунок за періодами',
    periodN: 'П{n}',
    stats: 'Статистика',
    statName: 'Показник',
    eventPlan: 'План події',
    mainMatch: 'Основний матч',
    subMatch: 'Підматч #{id}',
  },
}
