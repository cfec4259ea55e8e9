# Page faults of `ledger tax` by what took them (issue 32; docs/PERFORMANCE.md, "`ledger tax`",
# round 26): each sample of `perf record -e page-faults -g` in the first category its stack
# names, weighted by its count, and the threads' totals.
#   perf record -e page-faults -g -o pf.data ledger tax --rules us -O json >/dev/null
#   perf script -i pf.data -F comm,tid,time,period,ip,sym > pf.script
#   python3 Benchmarks/tax-faults.py pf.script
import sys, collections
cats=[('json','TaxJSON'),('textview','TaxView'),('keep','TaxStreamV4keep'),('fold','PortfolioFold'),('taxlots','TaxLotsV6append'),('holdings','appendHoldings'),('wallets','allocateToWallets'),('lotmatch','TaxLotMatching'),('stream','TaxStream'),('census','AssetCensus'),('replay','ReplayRunner'),('events','LedgerStore0A6Events'),('store','LedgerStore'),('dyld','_dl_')]
c=collections.Counter(); n=collections.Counter()
for s in open(sys.argv[1]).read().split('\n\n'):
    lines=s.strip().split('\n')
    if len(lines)<1 or not lines[0].strip(): continue
    h=lines[0].split()
    try: w=int(h[3]) if h[3].isdigit() else 1
    except: w=1
    fr='\n'.join(lines[1:])
    k=next((nm for nm,p in cats if p in fr),'other')
    c[k]+=w; n[h[1]]+=w
tot=sum(c.values())
for k,v in c.most_common(): print('%-10s %7d %5.1f%%'%(k,v,100*v/tot))
print('total',tot,'threads',dict(n.most_common(6)))
