import type { enCoupons } from './en-coupons.js'

/** Ukrainian strings of the coupon blotter and drawer (mirrors en-coupons.ts). */
export const ukCoupons: typeof enCoupons = {
  couponView: {
    col: {
      created: 'Створено · {zone}',
      settled: 'Розраховано · {zone}',
      createdSettled: 'Створено / розраховано · {zone}',
      matchStart: 'Матч · початок {zone}',
      payout: 'Виплата',
      oddsSettled: 'Коеф. · розрахунок',
    },
    match: {
      live: 'LIVE',
      prematch: 'Прематч',
      line: '{kind} · {start} · #{id}',
      startUnknown: 'початок не надіслано',
    },
    accumulatorOf: 'Експрес · {n}',
    settledAt: 'розраховано ×{coef} ({result})',
    /** The same, where there is little room (a blotter cell). */
    settledShort: '×{coef} {result}',
    settledAtTitle: 'Коефіцієнт розрахунку (calculate_coef): на що помножено ставку — коефіцієнт при виграші, 1 — повернення, 0,5 — напівпрограш, 0 — програш',
    payout: {
      won: 'Виграш {amount}',
      lost: 'Програш {amount}',
      returned: 'Повернення (ставку повернуто) {amount}',
      refund: 'повернення {amount}',
      recalculation: 'Перераховується',
      open: 'Ще не розраховано',
    },
    reasons: {
      AUTOMATIC_SETTLEMENT: 'Розраховано автоматично за результатом',
      REMOTE_WIN: 'Розраховано букмекером: виграш',
      REMOTE_LOSS: 'Розраховано букмекером: програш',
      REMOTE_RETURN: 'Розраховано букмекером: повернення',
      REMOTE_PUSH: 'Розраховано букмекером: повернення ставки (пуш)',
      REMOTE_HALF_WIN: 'Розраховано букмекером: напіввиграш',
      REMOTE_HALF_LOSS: 'Розраховано букмекером: напівпрограш',
      EVENT_CANCELLED: 'Подію скасовано: ставку повернуто',
      RECALCULATION: 'Повернуто на перерахунок',
      RECALCULATED: 'Перераховано (новий результат після перерахунку)',
    },
    scoreAtStart: 'на момент прийняття {score}',
    lookup: {
      placeholder: 'Код купона або список',
      label: 'Коди купонів для пошуку (через пробіли, коми, нові рядки чи табуляцію)',
      tooMany: 'Не більше {max} кодів за раз (дано {n}).',
      tooLong: 'Не код купона (понад {max} символів): {code}',
      results: 'Шукали {n}: знайдено {found}, не знайдено {missing}',
      found: 'знайдено',
      notFound: 'не знайдено',
      padded: '{typed} → {code}',
      paddedTitle: 'Введено без початкових нулів: шукали як {code}',
      clear: 'Очистити результати',
    },
  },
}
