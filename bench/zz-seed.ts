import { seedScaleDatabase } from './scale-seed'
await seedScaleDatabase(process.argv[3], Number(process.argv[2]), (l) => process.stderr.write(l + '\n'))
process.exit(0)
